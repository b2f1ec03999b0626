import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, type AppLoadContext } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { formPost } from "./stub-context";
import type { ApiCallInit, ApiResult } from "../../shared/session";
import { I18nProvider, translate } from "~/lib/i18n";
import { refusedChangeText } from "~/lib/profile";
import { loadProfileScreen, profileAction } from "~/lib/profile.server";
import { ThemeProvider } from "~/lib/theme";
import ProfileSettings, { handle as profileRoute } from "~/routes/profile";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const USER = { id: "u1", email: "ayse@example.com", emailVerified: true };
const PROFILE = {
  success: true,
  message: "ok",
  id: "u1",
  email: "ayse@example.com",
  firstName: "Ayşe",
  lastName: "Nur Yılmaz",
  storeName: "Moonlit Silver Studio",
  plan: "free",
  language: "en",
  theme: "light",
  emailNotifications: true,
  pushNotifications: true,
  emailVerified: true,
  createdAt: "2026-11-01T00:00:00Z",
};

interface Call {
  path: string;
  init: ApiCallInit;
}

/** The load context of a signed-in seller whose /api answers `answer` (the session's user, the API in process). */
function contextOf(answer: (path: string, init: ApiCallInit) => { status: number; body: Record<string, unknown> }) {
  const calls: Call[] = [];
  const context = {
    listora: {
      user: async () => USER,
      api: async <T,>(path: string, init: ApiCallInit = {}): Promise<ApiResult<T>> => {
        calls.push({ path, init });
        const { status, body } = answer(path, init);
        const headers = new Headers();
        if (status < 400) return { ok: true, status, data: body as T, headers };
        return { ok: false, status, error: { code: String(body.code ?? "server-error"), message: String(body.message ?? "boom") }, headers };
      },
    },
  } as unknown as AppLoadContext;
  return { context, calls };
}

const healthy = (path: string) =>
  path === "/profile"
    ? { status: 200, body: PROFILE }
    : path === "/usage"
      ? { status: 200, body: { success: true, data: { "create-listing": { used: 3, limit: 10 } } } }
      : { status: 200, body: { success: true, data: { plan: "free", available: false, canManage: false, subscription: null } } };

/** The action's answer to a form (not a redirect). */
async function answerTo(request: Request, context: AppLoadContext) {
  const result = await profileAction(request, context);
  if (result instanceof Response) throw new Error(`expected an answer, got a redirect to ${result.headers.get("Location")}`);
  return result;
}

describe("profile screen at the edge", () => {
  it("reads the profile, today's usage and the billing status as the session's user", async () => {
    const { context, calls } = contextOf(healthy);
    const loaded = await loadProfileScreen(new Request("http://localhost/profile"), context);
    expect(loaded.profile).toMatchObject({ firstName: "Ayşe", email: "ayse@example.com", plan: "free" });
    expect(loaded.usage?.["create-listing"]).toEqual({ used: 3, limit: 10 });
    expect(loaded.billing?.plan).toBe("free");
    expect(loaded.profileError).toBeNull();
    expect(calls.map((c) => c.path).sort()).toEqual(["/billing", "/profile", "/usage"]);
  });

  it("shows 'Unable to load profile' with 'Failed to fetch profile data' and a Try Again button that loads it once it can be read", async () => {
    let fail = true;
    const { context } = contextOf((path) => (path === "/profile" && fail ? { status: 500, body: { code: "server-error", message: "boom" } } : healthy(path)));
    const Stub = createRoutesStub([
      { path: "/profile", Component: ProfileSettings as unknown as React.ComponentType, HydrateFallback: () => null, loader: ({ request }) => loadProfileScreen(request, context) },
    ]);
    render(
      <I18nProvider initialLanguage="en" catalogues={profileRoute.i18n}>
        <ThemeProvider initialChoice="light">
          <Stub initialEntries={["/profile"]} />
        </ThemeProvider>
      </I18nProvider>,
    );
    await screen.findByText("Unable to load profile", undefined, { timeout: 10_000 });
    screen.getByText("Failed to fetch profile data");
    expect(screen.queryByTestId("profile-loaded")).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    await screen.findByTestId("profile-loaded", undefined, { timeout: 10_000 });
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("ayse@example.com");
    expect(screen.getByTestId("plan-badge").textContent).toBe("Free");
  });

  it("saves the personal info form with the full name split at the first space, and says why a refused change was refused", async () => {
    const { context, calls } = contextOf((path, init) => {
      const body = init.body as Record<string, string>;
      if (body.storeName === "x".repeat(200)) return { status: 400, body: { code: "validation-failed", message: "Store name is too long" } };
      return { status: 200, body: { ...PROFILE, ...body } };
    });
    const saved = await answerTo(formPost("/profile", { intent: "personal", fullName: "  Ayşe Nur Yılmaz ", storeName: " Moonlit " }), context);
    expect(calls[0]).toMatchObject({ path: "/profile", init: { method: "PUT", body: { firstName: "Ayşe", lastName: "Nur Yılmaz", storeName: "Moonlit" } } });
    expect(saved.data).toMatchObject({ ok: true, intent: "personal", profile: { firstName: "Ayşe", storeName: "Moonlit" } });

    const refused = await answerTo(formPost("/profile", { intent: "personal", fullName: "Ayşe", storeName: "x".repeat(200) }), context);
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, message: "Store name is too long" });
  });

  it("saves a notification switch as a boolean and refuses an unknown intent with 400", async () => {
    const { context, calls } = contextOf((_path, init) => ({ status: 200, body: { ...PROFILE, ...(init.body as object) } }));
    await profileAction(formPost("/profile", { intent: "preferences", emailNotifications: "false" }), context);
    expect(calls[0].init.body).toEqual({ emailNotifications: false });
    const unknown = await answerTo(formPost("/profile", { intent: "delete-everything" }), context);
    expect(unknown.init?.status).toBe(400);
    expect(unknown.data).toMatchObject({ ok: false, code: "validation-failed", field: "intent", message: "Unknown change to the profile" });
    // The screens say it in the seller's language (both catalogues), by its code and field.
    const refused = unknown.data as { code: string; field?: string; message: string };
    expect(refusedChangeText(refused, (key) => translate("en", key))).toBe("Unknown change to the profile");
    expect(refusedChangeText(refused, (key) => translate("tr", key))).toBe("Profilde bilinmeyen bir değişiklik");
    expect(refusedChangeText({ code: "validation-failed", field: "storeName", message: "Store name is too long" }, (key) => translate("tr", key))).toBe("Store name is too long");
  });

  it("sends the account's small writes of the shell and the dashboard through the same action", async () => {
    const { context, calls } = contextOf((path) =>
      path === "/auth/resend-verification"
        ? { status: 200, body: { success: true, alreadyVerified: false, message: "We sent a new confirmation link to ayse@example.com.", devOutbox: "/dev/mail" } }
        : { status: 200, body: { success: true, data: { steps: { profile: false, keyword: true, listing: true, image: false }, progress: 50, welcomed: true } } },
    );
    const resent = await answerTo(formPost("/profile", { intent: "resend-verification" }), context);
    expect(resent.data).toMatchObject({ ok: true, intent: "resend-verification", devOutbox: "/dev/mail" });
    await answerTo(formPost("/profile", { intent: "welcomed" }), context);
    await answerTo(formPost("/profile", { intent: "onboarding-steps", steps: "keyword,listing" }), context);
    expect(calls.map((c) => [c.path, c.init.method, c.init.body])).toEqual([
      ["/auth/resend-verification", "POST", {}],
      ["/onboarding", "PUT", { welcomed: true }],
      ["/onboarding", "PUT", { steps: ["keyword", "listing"] }],
    ]);
  });

  it("answers a verification link asked for too often with its status and code (429 rate-limited)", async () => {
    const { context } = contextOf(() => ({ status: 429, body: { code: "rate-limited", message: "Too many requests" } }));
    const refused = await answerTo(formPost("/profile", { intent: "resend-verification" }), context);
    expect(refused.init?.status).toBe(429);
    expect(refused.data).toMatchObject({ ok: false, intent: "resend-verification", code: "rate-limited" });
  });

  it("refuses a change posted from another site with 403 and sends nothing to the API", async () => {
    const { context, calls } = contextOf(healthy);
    const refused = await profileAction(formPost("/profile", { intent: "personal", fullName: "Mallory" }, "https://evil.example"), context).catch((thrown: unknown) => thrown);
    expect(refused).toMatchObject({ init: { status: 403 }, data: { code: "cross-origin" } });
    expect(calls).toEqual([]);
  });
});
