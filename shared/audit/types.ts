// The audit's shapes live with the API schemas (schema/api/audit-report.ts): the listing and shop
// answers carry an audit report, and schema/ imports nothing from worker/.
export * from "../../schema/api/audit-report";
