/**
 * The words of a finding in the seller's language: English comes from the engine itself, Turkish
 * from the catalogue (`audit.finding.<id>`), with the finding's language-neutral params translated.
 */
import type { AuditFinding, AuditParams } from "../../../shared/audit";
import { useI18n } from "~/lib/i18n";

export function useAuditWords() {
  const { t, has, language } = useI18n();
  /** The engine's ids are plain strings: a key the catalogue lacks shows as it did before, the key itself. */
  const word = (key: string, params?: AuditParams) => (has(key) ? t(key, params) : key);
  const localParams = (params: AuditParams): AuditParams => {
    const out: AuditParams = { ...params };
    if (typeof params.fromKey === "string") out.from = word(`audit.from.${params.fromKey}`);
    if (typeof params.missingKeys === "string")
      out.missing = params.missingKeys
        .split(",")
        .map((k) => word(`audit.missing.${k}`))
        .join(", ");
    if (typeof params.needKeys === "string")
      out.needs = params.needKeys
        .split(",")
        .map((k) => word(`audit.need.${k}`))
        .join("; ");
    if (typeof params.adviceKey === "string") out.advice = word(`audit.advice.${params.adviceKey}`);
    if (typeof params.claimKeys === "string")
      out.claims = params.claimKeys
        .split(",")
        .map((k) => word(`audit.claim.${k}`))
        .join(", ");
    return out;
  };
  const lookup = (key: string, fallback: string, params?: AuditParams) => (has(key) ? t(key, params) : fallback);
  return {
    message: (f: AuditFinding) => (language === "en" ? f.message : lookup(`audit.finding.${f.id}`, f.message, localParams(f.params))),
    fixLabel: (f: AuditFinding) => (f.fix ? (language === "en" ? f.fix.label : lookup(`audit.fix.${f.id}`, f.fix.label)) : ""),
    t,
    language,
  };
}
