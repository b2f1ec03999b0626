import { sweep } from "./sweep";

// Malformed JSON, wrong types, missing fields, oversized strings, unicode edge cases and SQL or HTML
// payloads on every My Shop endpoint (the Etsy connection's among them) give a 4xx in the one error
// shape, never a 500; every authenticated one answers 401 without a token.
sweep(["Shop"]);
