import { env } from "cloudflare:test";
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

let addressCounter = 0;
/**
 * A client address no other caller of this isolate uses (TEST-NET-style private range), so suites that
 * register many users are not throttled by the per-address registration limit.
 */
export function uniqueAddress() {
  addressCounter += 1;
  const n = (addressCounter + Math.floor(Math.random() * 1_000_000) * 1000) % 16_777_216;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export const PASSWORD = "correct-horse-battery";

/**
 * Registers a fresh user and answers its token and id. The user is verified (as after following the
 * link of the verification mail) unless `verified: false` is asked, because AI features need it.
 */
export async function registerUser(email = uniqueEmail(), password = PASSWORD, options: { verified?: boolean; address?: string } = {}) {
  const res = await api("/auth/register", {
    body: { username: null, email, password },
    headers: { "CF-Connecting-IP": options.address ?? uniqueAddress() },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = await res.json<{ token: string; user: { id: string; email: string } }>();
  if (options.verified !== false) await markVerified(body.user.id);
  return { token: body.token, userId: body.user.id, email, password };
}

/** Marks a user's e-mail verified in D1, as the verification link does. */
export async function markVerified(userId: string) {
  await env.DB.prepare("UPDATE users SET email_verified = 1 WHERE id = ?").bind(userId).run();
}
