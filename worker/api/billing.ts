import { billingStatus, handleStripeWebhook, openPortal, requireBilling, startCheckout } from "../domain/billing/billing";
import { json, readBodyLimited } from "../lib/http";
import { route } from "./route";

/** Stripe's events are a few kilobytes; anything far larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Buying Premium (issue 30, decision 0036): Stripe Checkout, Stripe's signed webhooks as the only
 * source of plan changes, and Stripe's customer portal. Without STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET
 * and STRIPE_PRICE_ID every route but the status answers 404 billing-not-configured.
 */
export const billingRoutes = [
  route({
    method: "get",
    path: "/billing",
    summary: "The caller's plan and Stripe subscription { available, plan, subscription: { status, currentPeriodEnd, cancelAtPeriodEnd }, pastDue, canManage }",
    tag: "Billing",
    auth: "user",
    handler: async ({ env, user }) => json({ success: true, data: await billingStatus(env, user) }),
  }),

  route({
    method: "post",
    path: "/billing/checkout",
    summary:
      "Start buying Premium: answers { url } of a Stripe Checkout page (mode=subscription, the Premium price, client_reference_id = the caller); a seller already on Premium through Stripe gets { url, portal: true } of the billing portal; 404 without Stripe settings",
    tag: "Billing",
    auth: "verified",
    guard: ({ env }) => void requireBilling(env),
    handler: async ({ env, user }) => json({ success: true, ...(await startCheckout(env, user)) }),
  }),

  route({
    method: "post",
    path: "/billing/portal",
    summary: "Answers { url } of Stripe's customer portal (cancel, change the card, invoices) for a seller who has paid through Stripe; 409 without a Stripe customer",
    tag: "Billing",
    auth: "user",
    guard: ({ env }) => void requireBilling(env),
    handler: async ({ env, user }) => json({ success: true, ...(await openPortal(env, user)) }),
  }),

  // Stripe calls this (no session): the signature on the raw body is the authentication.
  route({
    method: "post",
    path: "/billing/webhook",
    summary:
      "Stripe's webhook: verifies Stripe-Signature (HMAC-SHA256, 5-minute tolerance) on the raw body, applies each event id once (checkout.session.completed, customer.subscription.created/updated/deleted) and answers { received }; 400 on a bad or old signature",
    tag: "Billing",
    auth: "none",
    raw: "Stripe's signed event: the raw body is verified before it is parsed",
    guard: ({ env }) => void requireBilling(env),
    handler: async ({ request, env }) => {
      const body = new TextDecoder().decode(await readBodyLimited(request, WEBHOOK_BODY_LIMIT));
      return json({ success: true, ...(await handleStripeWebhook(env, body, request.headers.get("Stripe-Signature"))) });
    },
  }),
];
