import type { Env } from "../../lib/env";
import { tooManyRequests, UpstreamError } from "../../lib/errors";
import { isRecord, retryAfterSeconds } from "../trends/http";

/** Stripe's API origin unless STRIPE_API_URL points elsewhere (tests, a local fake). */
const STRIPE_DEFAULT_API_URL = "https://api.stripe.com";
const TIMEOUT_MS = 30_000;

/** What billing needs from the environment; null unless every Stripe setting is there (decision 0036). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  apiUrl: string;
}

export function stripeSettings(env: Env): StripeSettings | null {
  const secretKey = (env.STRIPE_SECRET_KEY ?? "").trim();
  const webhookSecret = (env.STRIPE_WEBHOOK_SECRET ?? "").trim();
  const priceId = (env.STRIPE_PRICE_ID ?? "").trim();
  if (!secretKey || !webhookSecret || !priceId) return null;
  return { secretKey, webhookSecret, priceId, apiUrl: ((env.STRIPE_API_URL ?? "").trim() || STRIPE_DEFAULT_API_URL).replace(/\/+$/, "") };
}

/** "stripe" when billing is configured, else "none" (/api/health's providers.billing). */
export const billingProviderName = (env: Env): "stripe" | "none" => (stripeSettings(env) ? "stripe" : "none");

/**
 * Stripe's form encoding of nested parameters: { line_items: [{ price: "p" }] } -> line_items[0][price]=p.
 * Undefined and null values are left out.
 */
function stripeForm(params: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((item, i) => add(`${key}[${i}]`, item));
    else if (isRecord(value)) for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form;
}

/**
 * POSTs a form to Stripe with the secret key (HTTP Bearer, as Stripe's API reference documents) and
 * answers the JSON object. Every failure is an UpstreamError naming Stripe, never the key: 401/403 as a
 * refused key, 429 (to the seller too) with its Retry-After, other 4xx with Stripe's own error message (which names the
 * parameter, e.g. "No such price"), 5xx and time-outs as Stripe being unavailable.
 */
async function post(settings: StripeSettings, path: string, params: Record<string, unknown>, label: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`${settings.apiUrl}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${settings.secretKey}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: stripeForm(params).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new UpstreamError(
      "stripe",
      timedOut ? `Stripe did not answer in time while creating the ${label}. Please try again.` : `Stripe could not be reached to create the ${label}. Please try again.`,
      timedOut,
    );
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const stripeMessage = isRecord(body) && isRecord(body.error) && typeof body.error.message === "string" ? body.error.message.slice(0, 300) : "";
    if (response.status === 429) throw tooManyRequests(retryAfterSeconds(response.headers.get("Retry-After")) ?? 60, "Stripe is busy right now (429). Please try again in a minute.");
    // Stripe's 401 message quotes part of the key: never pass it on.
    if (response.status === 401 || response.status === 403) throw new UpstreamError("stripe", `Stripe refused this server's API key (${response.status}): the operator must check STRIPE_SECRET_KEY.`);
    if (response.status >= 500) throw new UpstreamError("stripe", `Stripe failed while creating the ${label} (${response.status}). Please try again later.`);
    throw new UpstreamError("stripe", `Stripe refused to create the ${label} (${response.status})${stripeMessage ? `: ${stripeMessage}` : ""}`);
  }
  if (!isRecord(body) || typeof body.url !== "string" || !/^https?:\/\//.test(body.url)) throw new UpstreamError("stripe", `Stripe gave an invalid answer while creating the ${label}.`);
  return body;
}

interface CheckoutRequest {
  userId: string;
  email: string;
  /** The seller's Stripe customer from an earlier checkout; Stripe creates one from the e-mail otherwise. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/**
 * POST /v1/checkout/sessions: a hosted Checkout page for one Premium subscription. The user's id goes in
 * client_reference_id and in the subscription's metadata, so every later event names the seller even
 * when it arrives before checkout.session.completed.
 */
export async function createCheckoutSession(settings: StripeSettings, request: CheckoutRequest): Promise<{ id: string; url: string }> {
  const body = await post(
    settings,
    "/v1/checkout/sessions",
    {
      mode: "subscription",
      line_items: [{ price: settings.priceId, quantity: 1 }],
      client_reference_id: request.userId,
      customer: request.customerId ?? undefined,
      customer_email: request.customerId ? undefined : request.email,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata: { user_id: request.userId },
      subscription_data: { metadata: { user_id: request.userId } },
    },
    "checkout page",
  );
  return { id: String(body.id ?? ""), url: body.url as string };
}

/** POST /v1/billing_portal/sessions: Stripe's customer portal for cancelling or changing the card. */
export async function createPortalSession(settings: StripeSettings, customerId: string, returnUrl: string): Promise<{ url: string }> {
  const body = await post(settings, "/v1/billing_portal/sessions", { customer: customerId, return_url: returnUrl }, "billing portal session");
  return { url: body.url as string };
}
