/**
 * The profile screen at the edge (decision 0046): its loader reads the profile, today's usage and the
 * billing status through the load context as the session's user (decision 0041), so the first HTML
 * shows the seller's name, e-mail, plan and usage; its writes are one route action, one intent a form.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { splitFullName, type ProfileUpdate } from "../../schema/api";
import type { BillingRedirect, BillingStatus } from "../../schema/api/billing";
import type { ProfileResponse } from "./api/profile";
import type { UsageByFeature } from "./api/quota";
import { COOKIE, pageCookie } from "./storage-keys";
import { assertSameOrigin, callApi, formText, requireUser, signInHeaders } from "./session.server";

export interface ProfileScreenData {
  profile: ProfileResponse | null;
  /** SPEC §8: why the profile could not be read ('Failed to fetch profile data', or the server's message). */
  profileError: string | null;
  usage: UsageByFeature | null;
  billing: BillingStatus | null;
}

/** The three reads at once; usage and billing are extras the screen shows without (as before). */
export async function loadProfileScreen(request: Request, context: AppLoadContext): Promise<ProfileScreenData> {
  await requireUser(request, context);
  const [profile, usage, billing] = await Promise.all([
    callApi<ProfileResponse>(context, "/profile"),
    callApi<{ data?: UsageByFeature }>(context, "/usage"),
    callApi<{ data?: BillingStatus }>(context, "/billing"),
  ]);
  let profileError: string | null = null;
  if (!profile.ok) profileError = "Failed to fetch profile data";
  else if (!profile.data.success) profileError = profile.data.message || "Failed to fetch profile";
  return {
    profile: profileError ? null : profile.ok ? profile.data : null,
    profileError,
    usage: usage.ok ? (usage.data.data ?? null) : null,
    billing: billing.ok ? (billing.data.data ?? null) : null,
  };
}

/**
 * The screen's forms, and the account's small writes the shell and the dashboard send from any screen
 * (decision 0051): the verification link again, the dashboard's first welcome, and checklist flags an
 * older version left in a browser.
 */
type ProfileIntent = "personal" | "preferences" | "password" | "checkout" | "portal" | "resend-verification" | "welcomed" | "onboarding-steps";

/** What the action answers a form: the saved profile, or the message to show (SPEC §8 texts). */
export type ProfileActionAnswer =
  | { ok: true; intent: ProfileIntent; profile?: ProfileResponse; message?: string; devOutbox?: string }
  | { ok: false; intent: ProfileIntent | null; code: string; message: string; field?: string; retryAfter?: number };

/** An intent the action does not know: its code and field (decision 0042); screens show "profile.errors.unknownChange" (app/lib/profile.ts). */
const UNKNOWN_CHANGE = { code: "validation-failed", field: "intent", message: "Unknown change to the profile" } as const;

const PREFERENCE_FIELDS = ["language", "theme", "emailNotifications", "pushNotifications"] as const;

/** The preference fields a form sent ("true"/"false" for the switches); the API's schema checks the values. */
function preferencesOf(form: FormData): ProfileUpdate {
  const changes: Record<string, unknown> = {};
  // The whole card posted as a form (decision 0071): a switch that is off is a checkbox not posted.
  const whole = form.has("notificationsShown");
  for (const field of PREFERENCE_FIELDS) {
    if (whole && field.endsWith("Notifications")) {
      changes[field] = formText(form, field) === "true";
      continue;
    }
    if (!form.has(field)) continue;
    const value = formText(form, field);
    changes[field] = field.endsWith("Notifications") ? value === "true" : value;
  }
  return changes as ProfileUpdate;
}

/** The theme and language cookies the page's first paint reads (shared/pages/preferences.ts), as the browser writes them. */
function pageCookies(request: Request, changes: ProfileUpdate): Headers {
  const headers = new Headers();
  const url = new URL(request.url);
  for (const [name, value] of [
    [COOKIE.theme, changes.theme],
    [COOKIE.language, changes.language],
  ] as const)
    if (typeof value === "string") headers.append("Set-Cookie", pageCookie(name, value, url));
  return headers;
}

function fail(intent: ProfileIntent | null, status: number, error: { code: string; message: string; field?: unknown; retryAfter?: unknown }, init?: ResponseInit) {
  const answer: ProfileActionAnswer = {
    ok: false,
    intent,
    code: error.code,
    message: error.message,
    ...(typeof error.field === "string" ? { field: error.field } : {}),
    ...(typeof error.retryAfter === "number" ? { retryAfter: error.retryAfter } : {}),
  };
  return data(answer, { ...init, status });
}

/** The profile's writes, each through its /api route in process (the same checks, limits and messages). */
export async function profileAction(request: Request, context: AppLoadContext) {
  assertSameOrigin(request);
  await requireUser(request, context);
  const form = await request.formData();
  const intent = formText(form, "intent") as ProfileIntent;

  if (intent === "personal" || intent === "preferences") {
    const changes = intent === "personal" ? { ...splitFullName(formText(form, "fullName")), storeName: formText(form, "storeName").trim() } : preferencesOf(form);
    const result = await callApi<ProfileResponse>(context, "/profile", { method: "PUT", body: changes });
    if (!result.ok) {
      // SPEC §8: a refused change says why (400), anything else 'Failed to update profile'.
      const code = result.error.code;
      const signedOut = code === "unauthorized" || code === "forbidden" || code === "cross-origin";
      const message = signedOut ? "Unauthorized: Please login again" : code === "validation-failed" ? result.error.message : "Failed to update profile";
      return fail(intent, result.status, { ...result.error, message });
    }
    // The preferences card posted as a document (its Save button is there only without JavaScript): the
    // page comes back by a GET, in the language and theme just chosen (the cookies its first paint reads).
    if (intent === "preferences" && formText(form, "via") === "document") return redirect("/profile?saved=preferences", { headers: pageCookies(request, changes) });
    return data<ProfileActionAnswer>({ ok: true, intent, profile: result.data });
  }

  if (intent === "password") {
    const result = await callApi<{ message?: string; token?: string }>(context, "/auth/change-password", {
      method: "POST",
      body: { currentPassword: formText(form, "currentPassword"), newPassword: formText(form, "newPassword") },
    });
    if (!result.ok) return fail(intent, result.status, result.error);
    // Every other session ended with the old password; this browser stays signed in with the fresh token.
    const headers = result.data.token ? signInHeaders(request, result.data.token) : undefined;
    return data<ProfileActionAnswer>({ ok: true, intent, message: result.data.message }, { headers });
  }

  if (intent === "checkout" || intent === "portal") {
    const result = await callApi<BillingRedirect>(context, intent === "checkout" ? "/billing/checkout" : "/billing/portal", { method: "POST" });
    if (!result.ok) return fail(intent, result.status, result.error);
    // Stripe's page (Checkout or the customer portal): the browser follows the redirect, with or without JavaScript.
    return redirect(result.data.url);
  }

  if (intent === "resend-verification") {
    const result = await callApi<{ message?: string; devOutbox?: string }>(context, "/auth/resend-verification", { method: "POST", body: {} });
    if (!result.ok) return fail(intent, result.status, result.error);
    return data<ProfileActionAnswer>({ ok: true, intent, message: result.data.message, ...(result.data.devOutbox ? { devOutbox: result.data.devOutbox } : {}) });
  }

  if (intent === "welcomed" || intent === "onboarding-steps") {
    const body = intent === "welcomed" ? { welcomed: true } : { steps: formText(form, "steps").split(",").filter(Boolean) };
    const result = await callApi(context, "/onboarding", { method: "PUT", body });
    if (!result.ok) return fail(intent, result.status, result.error);
    return data<ProfileActionAnswer>({ ok: true, intent });
  }

  return fail(null, 400, UNKNOWN_CHANGE);
}
