/**
 * A load context for a screen's server loader or action in a component test: the session's user (null:
 * a signed-out visitor) and an in-process API (decision 0041) whose answers the test gives, each call
 * recorded.
 */
import type { AppLoadContext } from "react-router";
import type { ApiCallInit, ApiResult } from "../../shared/session";

const USER = { id: "u1", email: "ayse@example.com", emailVerified: true };

interface Call {
  path: string;
  init: ApiCallInit;
}

export type Answer = { status: number; body: Record<string, unknown> };

export function contextOf(answer: (path: string, init: ApiCallInit) => Answer, user: typeof USER | null = USER) {
  const calls: Call[] = [];
  const context = {
    listora: {
      user: async () => user,
      api: async <T>(path: string, init: ApiCallInit = {}): Promise<ApiResult<T>> => {
        calls.push({ path, init });
        const { status, body } = answer(path, init);
        const headers = new Headers();
        if (status < 400) return { ok: true, status, data: body as T, headers };
        return { ok: false, status, error: { ...body, code: String(body.code ?? "server-error"), message: String(body.message ?? "boom") }, headers };
      },
    },
  } as unknown as AppLoadContext;
  return { context, calls };
}

/** A form post to `path` from `origin` (the test DOM's Request drops Origin, a header pages may not set, so it is put back). */
export function formPost(path: string, fields: Record<string, string | string[]>, origin = "http://localhost") {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  const request = new Request(`http://localhost${path}`, { method: "POST", body });
  const headers = new Headers(request.headers);
  headers.set("Origin", origin);
  Object.defineProperty(request, "headers", { value: headers });
  return request;
}
