/**
 * The route actions and loaders of Forgot password, Verify e-mail, Audit a Listing, the wizard's
 * optimize and format steps and the two image editors (decision 0054), run as React Router runs them
 * on the server: with a load context whose in-process API is this test's answer, as a signed-in seller.
 */
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { contextOf, formPost, type Answer } from "./stub-context";
import * as auditRoute from "~/routes/audit";
import * as editImageGptRoute from "~/routes/edit-image-gpt";
import * as editImageRoute from "~/routes/edit-image";
import * as forgotRoute from "~/routes/forgot-password";
import * as optimizeRoute from "~/routes/optimize";
import * as reviewRoute from "~/routes/review";
import * as verifyRoute from "~/routes/verify-email";

interface DataAnswer<T> {
  data: T;
  init: { status?: number } | null;
}

type RouteAction = (args: never) => unknown;

/** What an action answered: its data and status (a redirect is returned as a Response). */
async function run<T = Record<string, unknown>>(action: RouteAction, request: Request, context: AppLoadContext): Promise<DataAnswer<T> | Response> {
  try {
    const result = (await action({ request, context, params: {} } as never)) as DataAnswer<T> | Response;
    return result;
  } catch (thrown) {
    // A refusal thrown as data(…) (cross-origin) or a redirect (signed out).
    return thrown as DataAnswer<T> | Response;
  }
}

function statusOf(answer: DataAnswer<unknown> | Response) {
  return answer instanceof Response ? answer.status : (answer.init?.status ?? 200);
}

function dataOf<T>(answer: DataAnswer<T> | Response): T {
  if (answer instanceof Response) throw new Error(`expected data, got a ${answer.status} to ${answer.headers.get("Location")}`);
  return answer.data;
}

const never = (path: string): Answer => {
  throw new Error(`no API call expected, got ${path}`);
};

describe("forgot password as a route action", () => {
  it("asks the API for a reset link anonymously and answers that it was sent, with the local outbox's link", async () => {
    const { context, calls } = contextOf(() => ({ status: 200, body: { success: true, devOutbox: "/dev/mail?to=ayse%40example.com" } }), null);
    const answer = await run(forgotRoute.action as RouteAction, formPost("/forgot-password", { email: "  ayse@example.com " }), context);
    expect(statusOf(answer)).toBe(200);
    expect(dataOf(answer)).toEqual({ done: true, devOutbox: "/dev/mail?to=ayse%40example.com" });
    expect(calls).toEqual([{ path: "/auth/forgot-password", init: { body: { email: "ayse@example.com" }, token: null } }]);
  });

  it("refuses an address that is not one with 400 and the field's message, asking nothing", async () => {
    const { context } = contextOf(never, null);
    const answer = await run(forgotRoute.action as RouteAction, formPost("/forgot-password", { email: "not-an-address" }), context);
    expect(statusOf(answer)).toBe(400);
    expect(dataOf(answer)).toMatchObject({ done: false, fieldError: "validation.emailInvalid", error: { code: "validation-failed", field: "email" } });
  });

  it("passes the API's refusal on with its status and code (too many requests)", async () => {
    const { context } = contextOf(() => ({ status: 429, body: { code: "rate-limited", message: "Too many requests. Try again in 60 seconds.", retryAfter: 60 } }), null);
    const answer = await run(forgotRoute.action as RouteAction, formPost("/forgot-password", { email: "ayse@example.com" }), context);
    expect(statusOf(answer)).toBe(429);
    expect(dataOf(answer)).toMatchObject({ done: false, fieldError: null, error: { code: "rate-limited", retryAfter: 60 } });
  });

  it("refuses a post from another site with 403 cross-origin and sends nothing", async () => {
    const { context } = contextOf(never, null);
    const answer = await run(forgotRoute.action as RouteAction, formPost("/forgot-password", { email: "ayse@example.com" }, "https://evil.example"), context);
    expect(statusOf(answer)).toBe(403);
    expect(dataOf(answer)).toMatchObject({ success: false, code: "cross-origin" });
  });
});

describe("verify e-mail as a route action", () => {
  it("confirms the address with the link's token, anonymously", async () => {
    const { context, calls } = contextOf(() => ({ status: 200, body: { success: true, message: "Your email address is confirmed." } }), null);
    const answer = await run(verifyRoute.action as RouteAction, formPost("/verify-email?token=abc123", { token: "abc123" }), context);
    expect(dataOf(answer)).toEqual({ done: true });
    expect(calls).toEqual([{ path: "/auth/verify-email", init: { body: { token: "abc123" }, token: null } }]);
  });

  it("answers a post without a token with 400 and the SPEC's incomplete-link text", async () => {
    const { context } = contextOf(never, null);
    const answer = await run(verifyRoute.action as RouteAction, formPost("/verify-email", { token: " " }), context);
    expect(statusOf(answer)).toBe(400);
    expect(dataOf(answer)).toMatchObject({ done: false, error: { code: "validation-failed", message: "This verification link is incomplete." } });
  });

  it("carries an expired or used token's refusal with its status and message", async () => {
    const { context } = contextOf(() => ({ status: 400, body: { code: "invalid-token", message: "This verification link has expired or was already used." } }), null);
    const answer = await run(verifyRoute.action as RouteAction, formPost("/verify-email", { token: "old" }), context);
    expect(statusOf(answer)).toBe(400);
    expect(dataOf(answer)).toMatchObject({ done: false, status: 400, error: { code: "invalid-token", message: "This verification link has expired or was already used." } });
  });

  it("refuses a post from another site with 403 cross-origin", async () => {
    const { context } = contextOf(never, null);
    const answer = await run(verifyRoute.action as RouteAction, formPost("/verify-email", { token: "abc" }, "https://evil.example"), context);
    expect(statusOf(answer)).toBe(403);
  });
});

const LISTING_FIELDS = {
  platform: "etsy",
  title: "Silver Leaf Necklace",
  tags: "silver necklace, leaf pendant\nminimalist jewelry",
  description: "A handmade silver leaf on a 45 cm chain.",
  altTexts: "Leaf pendant on linen\n\nClose-up of the clasp",
  bullets: "ignored on Etsy",
  searchTerms: "ignored on Etsy",
  itemSpecifics: "Material: silver",
  photoCount: "3",
  keyword: "silver leaf necklace",
};

describe("Audit a Listing as a route action", () => {
  it("saves the listing as written through /save-listing (only Etsy's parts) and opens it", async () => {
    const { context, calls } = contextOf(() => ({ status: 201, body: { success: true, data: { listing: { id: "lst_42" } } } }));
    const answer = await run(auditRoute.action as RouteAction, formPost("/audit", { ...LISTING_FIELDS, intent: "save" }), context);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe("/listings/lst_42");
    expect(calls).toEqual([
      {
        path: "/save-listing",
        init: {
          body: {
            platform: "etsy",
            title: "Silver Leaf Necklace",
            description: "A handmade silver leaf on a 45 cm chain.",
            tags: ["silver necklace", "leaf pendant", "minimalist jewelry"],
            altTexts: ["Leaf pendant on linen", "Close-up of the clasp"],
            bullets: [],
            searchTerms: "",
            itemSpecifics: [],
          },
        },
      },
    ]);
  });

  it("answers a check with the fields it read, so the page audits them before any JavaScript runs", async () => {
    const { context } = contextOf(never);
    const answer = await run(auditRoute.action as RouteAction, formPost("/audit", { ...LISTING_FIELDS, platform: "ebay", intent: "check" }), context);
    expect(dataOf(answer)).toMatchObject({ ok: true, intent: "check", fields: { platform: "ebay", title: "Silver Leaf Necklace", itemSpecifics: "Material: silver", digital: false } });
  });

  it("refuses to save a listing without a title or a description, and an unknown intent, with 400 and a clear message", async () => {
    const { context } = contextOf(never);
    const empty = await run(auditRoute.action as RouteAction, formPost("/audit", { platform: "etsy", title: "  ", description: "", intent: "save" }), context);
    expect(statusOf(empty)).toBe(400);
    expect(dataOf(empty)).toMatchObject({ ok: false, error: { code: "validation-failed", message: "Write a title or a description before saving the listing." } });
    const unknown = await run(auditRoute.action as RouteAction, formPost("/audit", { ...LISTING_FIELDS, intent: "publish" }), context);
    expect(statusOf(unknown)).toBe(400);
    expect(dataOf(unknown)).toMatchObject({ ok: false, error: { message: "Unknown action for Audit a Listing." } });
  });

  it("keeps the fields and carries the API's refusal (the plan's saved listings are full)", async () => {
    const { context } = contextOf(() => ({ status: 403, body: { code: "plan-limit", message: "Your plan keeps 25 listings." } }));
    const answer = await run(auditRoute.action as RouteAction, formPost("/audit", { ...LISTING_FIELDS, intent: "save" }), context);
    expect(statusOf(answer)).toBe(403);
    expect(dataOf(answer)).toMatchObject({ ok: false, intent: "save", status: 403, error: { code: "plan-limit" }, fields: { title: "Silver Leaf Necklace" } });
  });

  it("sends a signed-out visitor to sign in and refuses a post from another site, saving nothing", async () => {
    const signedOut = contextOf(never, null);
    const redirected = await run(auditRoute.action as RouteAction, formPost("/audit", { ...LISTING_FIELDS, intent: "save" }), signedOut.context);
    expect((redirected as Response).headers.get("Location")).toBe("/login?redirectTo=%2Faudit");
    const { context } = contextOf(never);
    const refused = await run(auditRoute.action as RouteAction, formPost("/audit", { ...LISTING_FIELDS, intent: "save" }, "https://evil.example"), context);
    expect(statusOf(refused)).toBe(403);
    expect(dataOf(refused)).toMatchObject({ code: "cross-origin" });
  });
});

describe("the wizard's optimize and format steps as route actions", () => {
  const OPTIONS = { paperSize: "letter", language: "tr", craft: "crochet", shopName: "Moonlit" };

  it("optimizes through the workflow route with the browser's request id, and answers the API's body", async () => {
    const body = { success: true, optimizedPattern: "## Instructions\nR1: 6 sc (6)", craft: "crochet", language: "en" };
    const { context, calls } = contextOf(() => ({ status: 200, body }));
    const answer = await run(optimizeRoute.action as RouteAction, formPost("/optimize", { intent: "optimize", text: "R1: 6 sc (6)", options: JSON.stringify(OPTIONS), requestId: "req-1" }), context);
    expect(dataOf(answer)).toEqual({ ok: true, body });
    expect(calls).toEqual([
      {
        path: "/workflow/optimize-pattern",
        init: { method: "POST", body: { pattern: "R1: 6 sc (6)", options: OPTIONS, featureKey: "optimize-pattern" }, headers: { "X-Request-ID": "req-1" } },
      },
    ]);
  });

  it("formats on step 2 as generate-pdf, and each screen runs only its own step", async () => {
    const { context, calls } = contextOf(() => ({ status: 200, body: { success: true, pdfContent: "# Whale" } }));
    const answer = await run(reviewRoute.action as RouteAction, formPost("/review", { intent: "format", text: "## Instructions", options: JSON.stringify(OPTIONS), requestId: "req-2" }), context);
    expect(dataOf(answer)).toMatchObject({ ok: true, body: { pdfContent: "# Whale" } });
    expect(calls[0]).toMatchObject({
      path: "/workflow/generate-pdf",
      init: { body: { pattern: { optimizedPattern: "## Instructions" }, featureKey: "generate-pdf" }, headers: { "X-Request-ID": "req-2" } },
    });
    const elsewhere = await run(reviewRoute.action as RouteAction, formPost("/review", { intent: "optimize", text: "x", options: "{}" }), context);
    expect(statusOf(elsewhere)).toBe(400);
    expect(dataOf(elsewhere)).toMatchObject({ ok: false, error: { code: "validation-failed", message: "Unknown step for this screen of the wizard." } });
  });

  it("refuses options that are not JSON with 400, asking nothing", async () => {
    const { context } = contextOf(never);
    const answer = await run(optimizeRoute.action as RouteAction, formPost("/optimize", { intent: "optimize", text: "R1", options: "{paper" }), context);
    expect(statusOf(answer)).toBe(400);
    expect(dataOf(answer)).toMatchObject({ ok: false, error: { field: "options", message: "The wizard's options are not valid JSON." } });
  });

  it("carries the API's failure: the model's message, and the used-up quota with its numbers", async () => {
    const failed = contextOf(() => ({ status: 502, body: { code: "provider-failed", message: "Failed to optimize content: the model failed. Please try again." } }));
    const answer = await run(optimizeRoute.action as RouteAction, formPost("/optimize", { intent: "optimize", text: "R1", options: "{}" }), failed.context);
    expect(statusOf(answer)).toBe(502);
    expect(dataOf(answer)).toMatchObject({ ok: false, status: 502, error: { message: "Failed to optimize content: the model failed. Please try again." } });
    const quota = { feature: "optimize-pattern", used: 10, limit: 10, plan: "free" };
    const spent = contextOf(() => ({ status: 403, body: { code: "quota-exhausted", message: "Daily limit reached", quota } }));
    const refused = await run(optimizeRoute.action as RouteAction, formPost("/optimize", { intent: "optimize", text: "R1", options: "{}" }), spent.context);
    expect(dataOf(refused)).toMatchObject({ ok: false, status: 403, error: { code: "quota-exhausted", quota } });
  });

  it("refuses a post from another site with 403 before anything is charged", async () => {
    const { context } = contextOf(never);
    const answer = await run(optimizeRoute.action as RouteAction, formPost("/optimize", { intent: "optimize", text: "R1", options: "{}" }, "https://evil.example"), context);
    expect(statusOf(answer)).toBe(403);
    expect(dataOf(answer)).toMatchObject({ code: "cross-origin" });
  });
});

describe("the image editors' loader", () => {
  const INFO = { provider: "local", label: "Built-in editor", gptProvider: "local", gptLabel: "Built-in editor", cutout: null };

  it("reads which editor serves as the session's user, for the first HTML", async () => {
    for (const route of [editImageRoute, editImageGptRoute]) {
      const { context, calls } = contextOf(() => ({ status: 200, body: { success: true, data: INFO } }));
      const loaded = await route.loader({ request: new Request("http://localhost/edit-image"), context, params: {} } as never);
      expect(loaded).toEqual({ info: INFO });
      expect(calls.map((c) => c.path)).toEqual(["/image/provider"]);
    }
  });

  it("shows the screen without the editor's name when it cannot be read, and sends a signed-out visitor to sign in", async () => {
    const { context } = contextOf(() => ({ status: 500, body: { code: "server-error", message: "boom" } }));
    expect(await editImageRoute.loader({ request: new Request("http://localhost/edit-image"), context, params: {} } as never)).toEqual({ info: null });
    const signedOut = contextOf(never, null);
    const thrown = await editImageGptRoute.loader({ request: new Request("http://localhost/edit-image-gpt"), context: signedOut.context, params: {} } as never).catch((e: unknown) => e);
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fedit-image-gpt");
  });
});
