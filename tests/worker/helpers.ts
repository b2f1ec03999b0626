import { exports } from "cloudflare:workers";

let counter = 0;

/** Calls the Worker as a browser would, through its default export. */
export function api(path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  return exports.default.fetch(
    new Request(`http://localhost${path.startsWith("/api") ? path : `/api${path}`}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
    }),
  );
}

export function uniqueEmail(prefix = "seller") {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}.${Math.floor(performance.now())}@example.com`;
}

export const PASSWORD = "correct-horse-battery";

/** Registers a fresh user and answers its token and id. */
export async function registerUser(email = uniqueEmail(), password = PASSWORD) {
  const res = await api("/auth/register", { body: { username: null, email, password } });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = await res.json<{ token: string; user: { id: string; email: string } }>();
  return { token: body.token, userId: body.user.id, email, password };
}
