/**
 * Listing Doctor, the audit engine: `auditListing(input)` answers a score 0-100, a grade and
 * findings for a listing on Etsy, eBay or Amazon. Pure TypeScript, no worker-only import: the app
 * imports it to re-audit as the seller types; the server stays the source for saved listings.
 */
export { AUDIT_THRESHOLDS, DIGITAL_NOTE, MARKETPLACE_NAMES, applyFix, auditListing, auditScore, gradeOf } from "./engine";
export { AUDIT_MESSAGES_EN, formatMessage } from "./messages";
export { SOURCES as AUDIT_SOURCES } from "./sources";
export type { AuditFinding, AuditFix, AuditInput, AuditParams, AuditPart, AuditPatch, AuditReport, AuditSeverity, AuditSource, Grade } from "./types";
export { AUDIT_PARTS } from "./types";
