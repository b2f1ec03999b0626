/** The billing status a profile shows (GET /api/billing, decision 0036). */
export interface BillingStatus {
  /** Whether this installation takes payment through Stripe (STRIPE_* set). */
  available: boolean;
  plan: "free" | "premium";
  /** The Stripe subscription behind the plan, when there has been one. */
  subscription: {
    /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete... */
    status: string;
    /** ISO date the paid period ends: the renewal, or the end once cancelled. */
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
  /** The last payment failed and Stripe is retrying: Premium continues for now. */
  pastDue: boolean;
  /** The seller has a Stripe customer, so the billing portal can open. */
  canManage: boolean;
}

/** What POST /api/billing/checkout and /api/billing/portal answer: where to send the browser. */
export interface BillingRedirect {
  url: string;
  /** True when a seller already on Premium is sent to the portal instead of a checkout. */
  portal: boolean;
}
