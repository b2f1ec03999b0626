import { describe, expect, it } from "vitest";
import { api, registerUser } from "./helpers";

type Profile = { success: boolean; message: string; firstName: string; lastName: string; storeName: string; email: string; theme: string; plan: string; language: string };

describe("GET /api/profile", () => {
  it("answers the SPEC's fields with their defaults", async () => {
    const { token, email } = await registerUser();
    const res = await api("/profile", { token });
    expect(res.status).toBe(200);
    const body = await res.json<Profile>();
    expect(body).toMatchObject({ success: true, firstName: "", lastName: "", storeName: "", email, theme: "light", plan: "free", language: "en" });
    expect(typeof body.message).toBe("string");
    expect(JSON.stringify(body)).not.toMatch(/password|token_version|tokenVersion/i);
  });

  it("answers 401 without a token", async () => {
    expect((await api("/profile")).status).toBe(401);
  });
});

describe("PUT /api/profile", () => {
  it("updates names, store, theme and language and answers the updated profile", async () => {
    const { token } = await registerUser();
    const res = await api("/profile", { method: "PUT", token, body: { firstName: "Ayşe", lastName: "Yılmaz Demir", storeName: "Knots & Loops", theme: "dark", language: "tr" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, firstName: "Ayşe", lastName: "Yılmaz Demir", storeName: "Knots & Loops", theme: "dark", language: "tr" });
    expect(await (await api("/profile", { token })).json()).toMatchObject({ firstName: "Ayşe", theme: "dark" });
  });

  it("never changes the e-mail or the plan", async () => {
    const { token, email } = await registerUser();
    const res = await api("/profile", { method: "PUT", token, body: { email: "new@example.com", plan: "premium", firstName: "Sam" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email, plan: "free", firstName: "Sam" });
  });

  it.each([
    [{ theme: "purple" }, "Theme must be light or dark"],
    [{ language: "de" }, "Language must be en or tr"],
    [{ firstName: "x".repeat(61) }, "First name must be at most 60 characters"],
    [{ storeName: 42 }, "Store name must be text"],
  ])("answers 400 for %j", async (input, message) => {
    const { token } = await registerUser();
    const res = await api("/profile", { method: "PUT", token, body: input });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message });
  });

  it("changes only the caller's own profile", async () => {
    const a = await registerUser();
    const b = await registerUser();
    await api("/profile", { method: "PUT", token: a.token, body: { firstName: "Alice" } });
    expect(await (await api("/profile", { token: b.token })).json()).toMatchObject({ firstName: "" });
  });
});
