import { desc, eq, sql } from "drizzle-orm";
import type { BillingStatus } from "../../../schema/api/billing";
import { billingEvents, billingSubscriptions, users, type User } from "../../../schema/db";
import { db } from "../../lib/db";
import type { Env } from "../../lib/env";
import { getConfig } from "../../lib/env";
import { HttpError } from "../../lib/errors";
import { log } from "../../lib/log";
import { isRecord } from "../../providers/trends/http";
import { createCheckoutSession, createPortalSession, stripeSettings, type StripeSettings } from "../../providers/billing/stripe";
import { verifyStripeSignature } from "./signature";

/** Subscription statuses that keep a seller on Premium (past_due while Stripe retries the card, with a warning). */
const PREMIUM_STATUSES = ["active", "trialing", "past_due"] as const;
/** Statuses Stripe never leaves: a late or replayed event cannot bring such a subscription back. */
const TERMINAL_STATUSES = ["canceled", "incomplete_expired"] as const;

const BILLING_NOT_CONFIGURED_MESSAGE = "Online payment is not set up on this Listora installation. The plans section on your profile says how to get Premium.";

/** Billing's settings, or 404 billing-not-configured (the screens then show how the operator turns it on). */
export function requireBilling(env: Env): StripeSettings {
  const settings = stripeSettings(env);
  if (!settings) throw new HttpError(404, BILLING_NOT_CONFIGURED_MESSAGE, { code: "billing-not-configured" });
  return settings;
}

/** Where Stripe sends the seller back: the plans section of their profile, with the outcome in the query. */
const returnUrl = (env: Env, outcome?: "success" | "cancelled") => `${getConfig(env).appUrl}/profile${outcome ? `?billing=${outcome}` : ""}#plans`;

async function latestSubscription(env: Env, userId: string) {
  const rows = await db(env).select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).orderBy(desc(billingSubscriptions.eventCreated)).limit(5);
  // The one that keeps Premium, when there is one; else the newest.
  return rows.find((r) => (PREMIUM_STATUSES as readonly string[]).includes(r.status)) ?? rows[0] ?? null;
}

/** GET /api/billing: whether online payment is on, the plan, and the subscription behind it. */
export async function billingStatus(env: Env, user: User): Promise<BillingStatus> {
  const subscription = await latestSubscription(env, user.id);
  return {
    available: stripeSettings(env) !== null,
    plan: user.plan === "premium" ? "premium" : "free",
    subscription: subscription
      ? {
          status: subscription.status,
          currentPeriodEnd: subscription.currentPeriodEnd ? new Date(subscription.currentPeriodEnd).toISOString() : null,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        }
      : null,
    pastDue: subscription?.status === "past_due",
    canManage: Boolean(user.stripeCustomerId),
  };
}

/**
 * POST /api/billing/checkout: a Stripe Checkout page for Premium. The user is the session's; nothing
 * in the request can name another. A seller already on Premium through Stripe gets the portal instead;
 * one on Premium by the operator has nothing to buy or manage (409).
 */
export async function startCheckout(env: Env, user: User): Promise<{ url: string; portal: boolean }> {
  const settings = requireBilling(env);
  if (user.plan === "premium") {
    if (!user.stripeCustomerId) throw new HttpError(409, "Your account is already on Premium, set by the administrator of this Listora installation: there is no payment to make or manage.");
    return { url: (await createPortalSession(settings, user.stripeCustomerId, returnUrl(env))).url, portal: true };
  }
  const session = await createCheckoutSession(settings, {
    userId: user.id,
    email: user.email,
    customerId: user.stripeCustomerId,
    successUrl: returnUrl(env, "success"),
    cancelUrl: returnUrl(env, "cancelled"),
  });
  log.info("billing.checkout", { userId: user.id, session: session.id });
  return { url: session.url, portal: false };
}

/** POST /api/billing/portal: Stripe's customer portal for a seller who has paid through Stripe. */
export async function openPortal(env: Env, user: User): Promise<{ url: string }> {
  const settings = requireBilling(env);
  if (!user.stripeCustomerId) throw new HttpError(409, "You have no Stripe subscription to manage yet. Upgrade to Premium first.");
  return createPortalSession(settings, user.stripeCustomerId, returnUrl(env));
}

const idOf = (value: unknown): string | null => (typeof value === "string" && value ? value : isRecord(value) && typeof value.id === "string" ? value.id : null);

/** The end of the paid period in ms: on the subscription (API versions before 2025-03-31) or its first item (later). */
function periodEndOf(subscription: Record<string, unknown>): number | null {
  const seconds = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value * 1000 : null);
  const top = seconds(subscription.current_period_end);
  if (top !== null) return top;
  const items = isRecord(subscription.items) && Array.isArray(subscription.items.data) ? subscription.items.data : [];
  const first = items.find(isRecord);
  return first ? seconds(first.current_period_end) : null;
}

type WebhookOutcome = { received: true; duplicate?: boolean; ignored?: string; plan?: "free" | "premium" };

/**
 * POST /api/billing/webhook. The raw body is checked against Stripe-Signature before it is parsed
 * (400 on a missing, forged or older-than-5-minutes signature); each event id is applied once, in one
 * D1 batch with the subscription and the user's plan, so a replay, a retry or a concurrent duplicate
 * changes nothing. Webhooks are the only thing that changes a plan through billing (decision 0036).
 */
export async function handleStripeWebhook(env: Env, rawBody: string, signature: string | null): Promise<WebhookOutcome> {
  const settings = requireBilling(env);
  const check = await verifyStripeSignature(rawBody, signature, settings.webhookSecret);
  if (!check.ok) {
    log.warn("billing.webhook.refused", { reason: check.reason });
    throw new HttpError(400, check.reason === "too-old" ? "The webhook's signature is too old (more than 5 minutes)." : "The webhook's Stripe-Signature is missing or does not match.", {
      code: "signature-invalid",
    });
  }
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new HttpError(400, "The webhook body is not JSON.");
  }
  if (!isRecord(event) || typeof event.id !== "string" || typeof event.type !== "string" || !isRecord(event.data) || !isRecord(event.data.object)) {
    throw new HttpError(400, "The webhook body is not a Stripe event.");
  }
  const id = event.id;
  const type = event.type;
  const created = typeof event.created === "number" ? Math.floor(event.created) : check.timestamp;
  const object = event.data.object;
  const orm = db(env);

  const seen = await orm.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, id)).get();
  if (seen) return { received: true, duplicate: true };

  const change = await changeOf(env, type, object);
  const now = Date.now();
  const record = orm.insert(billingEvents).values({ id, type, created, receivedAt: now });
  if ("ignored" in change) {
    try {
      await record.run();
    } catch {
      return { received: true, duplicate: true };
    }
    log.info("billing.webhook.ignored", { eventId: id, type, reason: change.ignored });
    return { received: true, ignored: change.ignored };
  }

  const { userId, subscriptionId, customerId, status, periodEnd, cancelAtPeriodEnd, statusFromCheckout } = change;
  const insertRow = orm.insert(billingSubscriptions).values({
    id: subscriptionId,
    userId,
    customerId,
    status,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd,
    eventCreated: created,
    createdAt: now,
    updatedAt: now,
  });
  const terminal = sql.raw(`(${TERMINAL_STATUSES.map((s) => `'${s}'`).join(", ")})`);
  const upsert = statusFromCheckout
    ? // Checkout says "paid" but not the subscription's state: it never overrides what a subscription event said.
      insertRow.onConflictDoUpdate({ target: billingSubscriptions.id, set: { customerId, userId, updatedAt: now } })
    : insertRow.onConflictDoUpdate({
        target: billingSubscriptions.id,
        set: { status, currentPeriodEnd: periodEnd, cancelAtPeriodEnd, eventCreated: created, customerId, updatedAt: now },
        // An older event never overwrites a newer one, and an ended subscription stays ended.
        setWhere: sql`${billingSubscriptions.status} NOT IN ${terminal} AND (${created} >= ${billingSubscriptions.eventCreated} OR ${status} IN ${terminal})`,
      });
  const premium = sql.raw(`(${PREMIUM_STATUSES.map((s) => `'${s}'`).join(", ")})`);
  const plan = orm
    .update(users)
    .set({
      stripeCustomerId: customerId,
      plan: sql`CASE WHEN EXISTS (SELECT 1 FROM ${billingSubscriptions} WHERE ${billingSubscriptions.userId} = ${userId} AND ${billingSubscriptions.status} IN ${premium}) THEN 'premium' ELSE 'free' END`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  try {
    // One transaction: the event id's row fails on a concurrent duplicate and takes the rest with it.
    await orm.batch([record, upsert, plan]);
  } catch (error) {
    if (/UNIQUE|constraint/i.test(String(error))) return { received: true, duplicate: true };
    throw error;
  }
  const after = await orm.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).get();
  const newPlan = after?.plan === "premium" ? "premium" : "free";
  log.info("billing.webhook.applied", { eventId: id, type, userId, subscription: subscriptionId, status, plan: newPlan });
  return { received: true, plan: newPlan };
}

type Change =
  | { ignored: string }
  | {
      userId: string;
      subscriptionId: string;
      customerId: string;
      status: string;
      periodEnd: number | null;
      cancelAtPeriodEnd: boolean;
      statusFromCheckout: boolean;
    };

async function userExists(env: Env, userId: unknown): Promise<string | null> {
  if (typeof userId !== "string" || !userId || userId.length > 100) return null;
  const row = await db(env).select({ id: users.id }).from(users).where(eq(users.id, userId)).get();
  return row?.id ?? null;
}

/** What an event changes, read from its object; events about nothing of ours are recorded and ignored. */
async function changeOf(env: Env, type: string, object: Record<string, unknown>): Promise<Change> {
  if (type === "checkout.session.completed" || type === "checkout.session.async_payment_succeeded") {
    if (object.mode !== "subscription") return { ignored: "not a subscription checkout" };
    const paid = object.payment_status === "paid" || object.payment_status === "no_payment_required";
    if (!paid) return { ignored: `payment ${String(object.payment_status ?? "unknown")}` };
    const userId = await userExists(env, object.client_reference_id);
    const subscriptionId = idOf(object.subscription);
    const customerId = idOf(object.customer);
    if (!userId) return { ignored: "no such user" };
    if (!subscriptionId || !customerId) return { ignored: "no subscription or customer" };
    return { userId, subscriptionId, customerId, status: "active", periodEnd: null, cancelAtPeriodEnd: false, statusFromCheckout: true };
  }
  if (type === "customer.subscription.created" || type === "customer.subscription.updated" || type === "customer.subscription.deleted") {
    const subscriptionId = idOf(object.id);
    const customerId = idOf(object.customer);
    const status = typeof object.status === "string" && /^[a-z_]{1,40}$/.test(object.status) ? object.status : null;
    if (!subscriptionId || !customerId || !status) return { ignored: "not a subscription" };
    const metadata = isRecord(object.metadata) ? object.metadata : {};
    const userId =
      (await userExists(env, metadata.user_id)) ??
      (await db(env).select({ userId: billingSubscriptions.userId }).from(billingSubscriptions).where(eq(billingSubscriptions.id, subscriptionId)).get())?.userId ??
      (await db(env).select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId)).get())?.id ??
      null;
    if (!userId) return { ignored: "no user for this subscription" };
    return {
      userId,
      subscriptionId,
      customerId,
      // A deleted subscription is over whatever status the object still carries.
      status: type === "customer.subscription.deleted" ? "canceled" : status,
      periodEnd: periodEndOf(object),
      cancelAtPeriodEnd: object.cancel_at_period_end === true || typeof object.cancel_at === "number",
      statusFromCheckout: false,
    };
  }
  return { ignored: `event type ${type} is not used` };
}
