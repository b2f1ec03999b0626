import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../worker/lib/errors";
import type { ApiRoute } from "../../worker/api/route";
import { buildRouter } from "../../worker/api/router";
import { API_ROUTES } from "../../worker/api/routes";
import { api, registerUser } from "./helpers";

/**
 * For every route of the API's route table (the one the router registers and the OpenAPI document
 * describes): malformed JSON, wrong types, missing fields,
 * oversized strings, unicode edge cases and SQL or HTML payloads give a 4xx in the one error shape
 * (or, where the input is simply valid text, a success) and never a 500.
 */
const UNICODE = ["\u0000", "\ud800", "\u202e\u202d", "\u200b\u200b", "👩🏽‍💻🧶", "İıŞşĞğ", "𝕏".repeat(50)];
const INJECTION = ["' OR 1=1; --", "'); DROP TABLE users; --", "<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "javascript:alert(1)", "{{7*7}}", "${7*7}", "../../etc/passwd"];
const WRONG_TYPES = [null, 42, [], { $gt: "" }];

function pathFor(path: string) {
  return path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
}

function propertiesOf(body: unknown): string[] {
  // An optional body (v.optional(v.object(...))) has its object inside.
  const schema = body as { entries?: Record<string, unknown>; wrapped?: { entries?: Record<string, unknown> } };
  return Object.keys(schema?.entries ?? schema?.wrapped?.entries ?? {});
}

const needsToken = (op: ApiRoute) => op.auth !== "none";
const label = (op: ApiRoute) => `${op.method.toUpperCase()} /api${op.path}`;

async function expectClean(res: Response, where: string) {
  expect(res.status, where).toBeLessThan(500);
  const type = res.headers.get("Content-Type") ?? "";
  if (res.status >= 400) {
    expect(type, where).toContain("application/json");
    const body = await res.json<{ success: unknown; code: unknown; message: unknown }>();
    expect(body.success, where).toBe(false);
    expect(typeof body.message, where).toBe("string");
    // One contract (decision 0042): a stable code the client branches on, and no older `error` string.
    expect(Object.keys(ERROR_CODES), where).toContain(body.code);
    expect(body, where).not.toHaveProperty("error");
    expect(JSON.stringify(body), where).not.toMatch(/\bat [\w.]+ \(|stack/i);
  } else {
    await res.arrayBuffer();
  }
}

/**
 * Sweeps the operations whose tag is in `tags`. The suite is split over several files (one per group
 * of tags) because each file has its own storage, and a single file accumulating every payload grew
 * slower with every test.
 */
export function sweep(tags: string[]) {
  const selected = API_ROUTES.filter((op) => tags.includes(op.tag));
  const withBody = selected.filter((op) => op.body && op.method !== "get");
  // The throttled endpoints answer 429 after a few calls, which is also a clean 4xx.
  let token = "";

  describe(`bad-input sweep: ${tags.join(", ")}`, { timeout: 120_000 }, () => {
    it("registers a user for the authenticated endpoints", async () => {
      token = (await registerUser()).token;
      expect(token.startsWith("eyJ")).toBe(true);
    });

    for (const op of withBody) {
      const path = pathFor(op.path);
      const call = (body: unknown, headers?: Record<string, string>) =>
        api(path, {
          method: op.method.toUpperCase(),
          body: typeof body === "string" ? body : JSON.stringify(body),
          token: needsToken(op) ? token : undefined,
          headers,
        });

      it(`${label(op)}: malformed JSON, non-objects and missing fields are 4xx`, async () => {
        for (const body of ["{", '{"a":', "not json", "[1,2", ""]) {
          const res = await call(body);
          expect(res.status, `${op.path} ${body}`).toBeGreaterThanOrEqual(400);
          await expectClean(res, `${op.path} ${JSON.stringify(body)}`);
        }
        for (const body of [[], null, 42, "text"]) await expectClean(await call(JSON.stringify(body)), `${op.path} ${JSON.stringify(body)}`);
        await expectClean(await call({}), `${op.path} {}`);
        await expectClean(await call("{}", { "Content-Type": "text/plain" }), `${op.path} text/plain`);
      });

      it(`${label(op)}: wrong types in every field are 4xx`, async () => {
        for (const key of propertiesOf(op.body)) {
          for (const wrong of WRONG_TYPES) await expectClean(await call({ [key]: wrong }), `${op.path} ${key}=${JSON.stringify(wrong)}`);
        }
      });

      it(`${label(op)}: oversized strings, unicode edge cases and SQL or HTML payloads never give a 500`, async () => {
        const keys = propertiesOf(op.body);
        await expectClean(await call(Object.fromEntries(keys.map((k) => [k, "x".repeat(200_000)]))), `${op.path} oversized`);
        for (const value of [...UNICODE, ...INJECTION]) {
          await expectClean(await call(Object.fromEntries(keys.map((k) => [k, value]))), `${op.path} ${JSON.stringify(value)}`);
        }
      });
    }

    it("answers every authenticated endpoint without a token with 401 in the error shape", async () => {
      for (const op of selected.filter(needsToken)) {
        const res = await api(pathFor(op.path), {
          method: op.method.toUpperCase(),
          body: op.method === "get" || op.method === "delete" ? undefined : "{}",
        });
        expect(res.status, label(op)).toBe(401);
        await expectClean(res, op.path);
      }
    });

    it("answers another user's or an unknown id with 404, never 500", async () => {
      for (const op of selected.filter((o) => o.path.includes("{") && needsToken(o))) {
        const res = await api(pathFor(op.path), { method: op.method.toUpperCase(), token, body: op.method === "put" ? {} : undefined });
        expect([400, 404], label(op)).toContain(res.status);
        await expectClean(res, op.path);
      }
    });
  });
}

/** "GET /api/listings/{id}" for every route of the table, the document and the router. */
const operation = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/:(\w+)/g, "{$1}")}`;

export function openApiChecks() {
  describe("the OpenAPI document", () => {
    it("is served at /api/openapi.json as OpenAPI 3.1 with every route of the table", async () => {
      const res = await api("/openapi.json");
      expect(res.status).toBe(200);
      const doc = await res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
      expect(doc.openapi).toBe("3.1.0");
      const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => operation(method, path)));
      expect(documented.sort()).toEqual(API_ROUTES.map((op) => operation(op.method, `/api${op.path}`)).sort());
      expect(doc.paths["/api/auth/login"].post).toMatchObject({ requestBody: { content: { "application/json": { schema: { type: "object" } } } } });
      expect(doc.paths["/api/image/provider"].get).toMatchObject({ tags: ["Images"], security: [{ bearer: [] }] });
    });

    it("describes every route the router registers, and the router registers every route it describes", async () => {
      const doc = await (await api("/openapi.json")).json<{ paths: Record<string, Record<string, unknown>> }>();
      const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => operation(method, path)));
      // The last entry is the catch-all 404 (ALL /api*), which is no endpoint.
      const routes = buildRouter().routes;
      expect(routes.at(-1)?.[0]).toBe("ALL");
      const registered = routes.slice(0, -1).map(([method, , , path]) => operation(method, path ?? ""));
      expect(new Set(registered).size).toBe(registered.length);
      expect(registered.sort()).toEqual(documented.sort());
    });

    it("keeps the docs viewer off unless enabled", async () => {
      expect((await api("/docs")).status).toBe(404);
    });
  });
}
