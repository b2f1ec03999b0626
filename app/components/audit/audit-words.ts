/**
 * The words of a finding in the seller's language: English comes from the engine itself, Turkish
 * from the catalogue (`audit.finding.<id>`), with the finding's language-neutral params translated.
 */
import type { AuditFinding, AuditParams } from "../../../worker/domain/audit";
import { useI18n } from "~/lib/i18n";
import "~/lib/i18n/catalog/audit";

export function useAuditWords() {
  const { t, language } = useI18n();
  const localParams = (params: AuditParams): AuditParams => {
    const out: AuditParams = { ...params };
    if (typeof params.fromKey === "string") out.from = t(`audit.from.${params.fromKey}`);
    if (typeof params.missingKeys === "string")
      out.missing = params.missingKeys
        .split(",")
        .map((k) => t(`audit.missing.${k}`))
        .join(", ");
    if (typeof params.adviceKey === "string") out.advice = t(`audit.advice.${params.adviceKey}`);
    return out;
  };
  const lookup = (key: string, fallback: string, params?: AuditParams) => {
    const text = t(key, params);
    return text === key ? fallback : text;
  };
  return {
    message: (f: AuditFinding) => (language === "en" ? f.message : lookup(`audit.finding.${f.id}`, f.message, localParams(f.params))),
    fixLabel: (f: AuditFinding) => (f.fix ? (language === "en" ? f.fix.label : lookup(`audit.fix.${f.id}`, f.fix.label)) : ""),
    t,
  };
}
