/**
 * A seller's own text (a manual save, an edit in My Listings, a restore) is kept as written: the
 * schema refused what breaks a marketplace limit with a 400 naming the field, and the rules only
 * report here. What the enforcer would have repaired becomes a warning the seller can act on.
 */
import type { RuleReport } from "../../../schema/api/listings";
import { enforceListingRules, type ListingText, type RuleContext } from "./enforce-rules";

export function sellerRuleReport(text: ListingText, context: RuleContext, previous?: RuleReport | null): RuleReport {
  const { report } = enforceListingRules(text, context);
  const checks = report.checks.map((check) =>
    check.status === "repaired" ? { rule: check.rule, status: "warning" as const, detail: `Suggestion (not applied): ${check.detail ?? ""}`.trim() } : check,
  );
  const result: RuleReport = { passed: checks.every((c) => c.status === "pass"), repaired: false, checks };
  return previous?.generation ? { ...result, generation: previous.generation } : result;
}
