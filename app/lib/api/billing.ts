/** The browser side of /api/billing (decision 0036): the plan's Stripe status, checkout and the portal. */
import type { BillingRedirect, BillingStatus } from "../../../schema/api/billing";
import { api } from "~/lib/api";

export async function fetchBilling(): Promise<BillingStatus> {
  return (await api<{ data: BillingStatus }>("/billing")).data;
}

/** A Stripe Checkout page for Premium (or the portal, for a seller already on Premium through Stripe). */
export async function startCheckout(): Promise<BillingRedirect> {
  const body = await api<BillingRedirect>("/billing/checkout", { method: "POST" });
  return { url: body.url, portal: body.portal };
}

export async function openBillingPortal(): Promise<string> {
  return (await api<{ url: string }>("/billing/portal", { method: "POST" })).url;
}
