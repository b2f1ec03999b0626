import { describe, expect, it } from "vitest";
import { api, registerUser } from "./helpers";

describe("smoke", () => {
  it("answers health", async () => {
    const res = await api("/health");
    expect(res.status).toBe(200);
    const body = await res.json<{ d1: boolean }>();
    expect(body.d1).toBe(true);
  });
  it("registers", async () => {
    const u = await registerUser();
    expect(u.token.startsWith("eyJ")).toBe(true);
  });
});
