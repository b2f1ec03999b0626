import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The client's one error contract (decision 0042), checked over the source of app/: screens branch on
 * an ApiError's `code`, never on the HTTP status, on the older `error` strings of the body, or on a
 * `userMessage` the Worker never sends.
 */
const root = join(__dirname, "..", "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const files = sources(join(root, "app")).map((path) => ({ path: relative(root, path), text: readFileSync(path, "utf8") }));

/** Each line of app/ that matches, as "file:line: text". */
function offending(pattern: RegExp, skip: (file: { path: string; text: string }) => boolean = () => false) {
  return files
    .filter((file) => !skip(file))
    .flatMap((file) => file.text.split("\n").flatMap((line, i) => (pattern.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [`${file.path}:${i + 1}: ${line.trim()}`] : [])));
}

const ERROR_STRING = /\bbody\??\.error\b|\.error\s*[!=]==?\s*["'`]|typeof\s+[\w?.]+\.error\s*[!=]==?\s*["']string["']/;
const HTTP_STATUS = /\.status\s*[!=]==?\s*[1-5]\d\d\b/;

describe("the client's error contract", () => {
  it("reads the source of the whole app", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.path === "app/lib/api.ts")).toBe(true);
  });

  it("never reads a userMessage", () => {
    expect(offending(/userMessage/)).toEqual([]);
  });

  it("never branches on an `error` string field of an answer", () => {
    // body.error, body?.error, x.error === "…", typeof x.error === "string"
    expect(offending(ERROR_STRING)).toEqual([]);
  });

  it("never branches on an HTTP status of an error: screens read its code", () => {
    // Allowed: a route error response's status (isRouteErrorResponse) and the client's own transport,
    // which reads the Response before it becomes an ApiError.
    const skip = (file: { path: string; text: string }) => file.path === "app/lib/api.ts" || file.text.includes("isRouteErrorResponse");
    expect(offending(HTTP_STATUS, skip)).toEqual([]);
  });

  it("finds each kind of branch it forbids (the patterns are live)", () => {
    expect(ERROR_STRING.test('if (error.body?.error === "limit exceeded")')).toBe(true);
    expect(ERROR_STRING.test('typeof body?.error === "string" ? body.error : ""')).toBe(true);
    expect(ERROR_STRING.test("data.error !== undefined")).toBe(false);
    expect(HTTP_STATUS.test("error instanceof ApiError && error.status === 409")).toBe(true);
    expect(HTTP_STATUS.test('batch.status === "completed"')).toBe(false);
  });
});
