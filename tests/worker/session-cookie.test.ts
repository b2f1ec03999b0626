import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE, signInCookies, signOutCookies } from "../../shared/session";
import { appContext } from "../../worker/app-context";
import { PASSWORD, api, registerUser } from "./helpers";

type Body = Record<string, unknown> & { success: boolean; code?: string; message: string };

const SITE = "http://localhost";

/** A browser's call signed in by the session cookie, from the page of `origin` (null: no Origin header). */
function cookieCall(path: string, token: string, init: { method?: string; body?: unknown; origin?: string | null; fetchSite?: string } = {}) {
  const headers: Record<string, string> = { Cookie: `theme=dark; ${SESSION_COOKIE}=${token}` };
  const origin = init.origin === undefined ? SITE : init.origin;
  if (origin !== null) headers.Origin = origin;
  if (init.fetchSite) headers["Sec-Fetch-Site"] = init.fetchSite;
  return api(path, { method: init.method, body: init.body, headers });
}

/** The session cookie a response sets: its value and attributes, or undefined. */
function sessionSetCookie(res: Response) {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split(";").map((part) => part.trim());
  return { value: pair.slice(SESSION_COOKIE.length + 1), attributes: attributes.map((a) => a.toLowerCase()) };
}

async function latestResetToken(email: string) {
  for (let i = 0; i < 40; i++) {
    const row = await env.DB.prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = ? AND subject = ? ORDER BY created_at DESC LIMIT 1")
      .bind(email, "Reset your Listora password")
      .first<{ text: string }>();
    const match = row && /\/reset-password\?token=([a-f0-9]+)/.exec(row.text);
    if (match) return match[1];
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no reset mail to ${email}`);
}

describe("the session cookie on /api", () => {
  it("signs a browser in: the profile answers for the cookie's user, and without a cookie it is 401", async () => {
    const { token, email } = await registerUser();
    const res = await cookieCall("/profile", token);
    expect(res.status).toBe(200);
    expect((await res.json<Body>()).email).toBe(email);
    expect((await api("/profile", { headers: { Cookie: "theme=dark" } })).status).toBe(401);
  });

  it("refuses a cookie that holds no valid token like a bad bearer token (401)", async () => {
    const res = await cookieCall("/profile", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged");
    expect(res.status).toBe(401);
    expect(await res.json<Body>()).toMatchObject({ success: false, code: "unauthorized", message: "Invalid authentication token" });
  });

  it("lets an Authorization header win over the cookie, so the SPEC's bearer contract is unchanged", async () => {
    const { token } = await registerUser();
    // A valid cookie does not rescue a malformed Authorization header.
    const res = await api("/profile", { headers: { Cookie: `${SESSION_COOKIE}=${token}`, Authorization: "Token abc" } });
    expect(res.status).toBe(401);
    expect((await res.json<Body>()).message).toBe("No authentication token found");
  });

  it("accepts a cookie-signed write from the same origin, by Origin or by Sec-Fetch-Site", async () => {
    const { token } = await registerUser();
    const byOrigin = await cookieCall("/profile", token, { method: "PUT", body: { firstName: "Ayla" } });
    expect(byOrigin.status).toBe(200);
    const bySite = await cookieCall("/profile", token, { method: "PUT", body: { firstName: "Deniz" }, origin: null, fetchSite: "same-origin" });
    expect(bySite.status).toBe(200);
    expect(((await (await cookieCall("/profile", token)).json()) as Body).firstName).toBe("Deniz");
  });

  it("refuses a cookie-signed write from another site with 403 cross-origin and changes nothing", async () => {
    const { token } = await registerUser();
    for (const from of [
      { origin: "https://evil.example" },
      { origin: "http://localhost:9999" },
      { origin: "null" },
      { origin: null, fetchSite: "cross-site" },
      { origin: null, fetchSite: "same-site" },
      { origin: null },
    ]) {
      const res = await cookieCall("/profile", token, { method: "PUT", body: { firstName: "Mallory" }, ...from });
      expect(res.status, JSON.stringify(from)).toBe(403);
      const body = await res.json<Body>();
      expect(body).toMatchObject({ success: false, code: "cross-origin" });
      expect(body.message).toContain("another site");
    }
    const deleted = await cookieCall("/listings/any", token, { method: "DELETE", origin: "https://evil.example" });
    expect(deleted.status).toBe(403);
    expect(((await (await cookieCall("/profile", token)).json()) as Body).firstName).not.toBe("Mallory");
  });

  it("leaves bearer requests alone whatever their Origin (API clients)", async () => {
    const { token } = await registerUser();
    const res = await api("/profile", { method: "PUT", token, body: { firstName: "Api" }, headers: { Origin: "https://tool.example" } });
    expect(res.status).toBe(200);
  });

  it("clears the cookie on sign-out everywhere, and the old cookie is dead", async () => {
    const { token } = await registerUser();
    const res = await cookieCall("/auth/logout-all", token, { method: "POST" });
    expect(res.status).toBe(200);
    const cleared = sessionSetCookie(res);
    expect(cleared?.value).toBe("");
    expect(cleared?.attributes).toContain("max-age=0");
    expect((await cookieCall("/profile", token)).status).toBe(401);
  });

  it("does not let another site sign the user out everywhere", async () => {
    const { token } = await registerUser();
    const res = await cookieCall("/auth/logout-all", token, { method: "POST", origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(sessionSetCookie(res)).toBeUndefined();
    expect((await cookieCall("/profile", token)).status).toBe(200);
  });

  it("ends the cookie with a password reset: the answer clears it and the old token no longer signs in", async () => {
    const { token, email } = await registerUser();
    await api("/auth/forgot-password", { body: { email } });
    const resetToken = await latestResetToken(email);
    const res = await cookieCall("/auth/reset-password", token, { method: "POST", body: { token: resetToken, newPassword: "a-new-password-42" } });
    expect(res.status).toBe(200);
    expect(sessionSetCookie(res)?.attributes).toContain("max-age=0");
    expect((await cookieCall("/profile", token)).status).toBe(401);
  });

  it("rotates the cookie on a password change: the new cookie works, the old one is dead", async () => {
    const { token } = await registerUser();
    const res = await cookieCall("/auth/change-password", token, { method: "POST", body: { currentPassword: PASSWORD, newPassword: "changed-password-77" } });
    expect(res.status).toBe(200);
    const fresh = sessionSetCookie(res);
    expect(fresh?.value.startsWith("eyJ")).toBe(true);
    expect(fresh?.value).not.toBe(token);
    expect((await cookieCall("/profile", fresh!.value)).status).toBe(200);
    expect((await cookieCall("/profile", token)).status).toBe(401);
  });

  it("sets no cookie for bearer clients of the same calls", async () => {
    const { token } = await registerUser();
    const res = await api("/auth/change-password", { token, body: { currentPassword: PASSWORD, newPassword: "changed-password-78" } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe("the session cookie's attributes", () => {
  it("is HttpOnly and SameSite=Lax, Secure on https, and not Secure only on http://localhost", () => {
    const [onSite] = signInCookies("eyJabc", "https://listora.example/login");
    expect(onSite).toMatch(new RegExp(`^${SESSION_COOKIE}=eyJabc;`));
    expect(onSite).toContain("HttpOnly");
    expect(onSite).toContain("SameSite=Lax");
    expect(onSite).toContain("Secure");
    expect(onSite).toContain("Max-Age=604800");
    const [local] = signInCookies("eyJabc", "http://localhost:8787/login");
    expect(local).toContain("HttpOnly");
    expect(local).not.toContain("Secure");
    const [cleared] = signOutCookies("https://listora.example/logout");
    expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
  });
});

describe("the load context of loaders and actions", () => {
  const page = (token?: string) => new Request(`${SITE}/listings`, { headers: token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {} });

  it("knows the cookie's user, and nobody without a cookie or with an ended one", async () => {
    const { token, userId, email } = await registerUser();
    const ctx = createExecutionContext();
    expect(await appContext(page(token), env, ctx).user()).toMatchObject({ id: userId, email });
    expect(await appContext(page(), env, ctx).user()).toBeNull();
    await api("/auth/logout-all", { method: "POST", token });
    expect(await appContext(page(token), env, ctx).user()).toBeNull();
  });

  it("runs an API route in process as the cookie's user, with the API's errors", async () => {
    const { token, userId } = await registerUser();
    const other = await registerUser();
    const ctx = createExecutionContext();
    const listora = appContext(page(token), env, ctx);
    const saved = await listora.api<{ data: { listing: { id: string; title: string } } }>("/listings", {
      body: { title: "Hand-knit wool beanie", description: "A warm beanie.", tags: ["beanie"], altTexts: [], originalPrompt: "beanie" },
    });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const id = saved.data.data.listing.id;
    const row = await env.DB.prepare("SELECT user_id AS userId FROM listings WHERE id = ?").bind(id).first<{ userId: string }>();
    expect(row?.userId).toBe(userId);
    // Another user's listing is a 404, as on the API.
    const foreign = await appContext(page(other.token), env, ctx).api(`/listings/${id}`);
    expect(foreign).toMatchObject({ ok: false, status: 404, error: { code: "not-found" } });
    // Anonymous: 401 with the API's code.
    const anonymous = await appContext(page(), env, ctx).api("/listings");
    expect(anonymous).toMatchObject({ ok: false, status: 401, error: { code: "unauthorized" } });
  });
});
