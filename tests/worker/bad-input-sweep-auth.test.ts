import { openApiChecks, sweep } from "./sweep";

// Malformed JSON, wrong types, missing fields, oversized strings, unicode edge cases and SQL or
// HTML payloads on every endpoint of these groups give a 4xx in the one error shape, never a 500.
sweep(["Operations", "Auth", "Profile", "Quota", "Billing"]);
openApiChecks();
