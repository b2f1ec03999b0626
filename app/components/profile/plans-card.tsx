import type { ComponentProps } from "react";
import { BillingActions } from "~/components/profile/billing-actions";
import { PlansOverview } from "~/components/profile/plans-overview";

/** The plans with the seller's billing buttons (/profile#plans); the landing page uses PlansOverview alone. */
export function PlansSection(props: Omit<ComponentProps<typeof PlansOverview>, "billingActions">) {
  return <PlansOverview {...props} billingActions={(billing) => <BillingActions billing={billing} />} />;
}
