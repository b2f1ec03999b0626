/** Client validation of Create Listing with the server's schema (schema/api/listings.ts); see ./validation.ts. */
import { GenerateListingSchema, LISTING_LIMITS } from "../../schema/api/listings";
import { schemaError, type FieldError } from "./validation";

/** Each message of the generation schema's product description and the catalogue text that words it (English = the message). */
export const LISTING_MESSAGE_KEYS: Record<string, FieldError> = {
  "Please enter a product description": { key: "create.details.empty" },
  [`Product description must be at most ${LISTING_LIMITS.productDescriptionMax} characters`]: { key: "create.details.tooLong", vars: { max: LISTING_LIMITS.productDescriptionMax } },
};

/** Create Listing's product description, as POST /api/listings/generate checks it. */
export function productDescriptionError(value: string): FieldError | null {
  return schemaError(GenerateListingSchema.entries.description, value, LISTING_MESSAGE_KEYS, "create.details.empty");
}
