/** The SEO search form's defaults, choices and client check (the server's own schema). */
import * as v from "valibot";
import { KeywordSearchSchema, KEYWORD_LIMITS } from "../../../schema/api/keywords";
import type { SearchForm } from "~/lib/api/keywords";
import "~/lib/i18n/catalog/keywords";

export const DEFAULT_FORM: SearchForm = { productName: "", category: "", country: "US", platform: "etsy" };

/** The Target Country choices: the markets handmade sellers ship to most; US first as the SPEC default. */
export const COUNTRIES = ["US", "GB", "CA", "AU", "DE", "FR", "IT", "ES", "NL", "IE", "NZ", "TR", "JP", "IN"] as const;

/** Client check of the Product Name with the server's own schema; answers a catalogue key or null. */
export function productNameError(value: string): { key: string; vars?: Record<string, number> } | null {
  const result = v.safeParse(KeywordSearchSchema.entries.product_name, value);
  if (result.success) return null;
  return value.trim() ? { key: "seo.form.productNameTooLong", vars: { max: KEYWORD_LIMITS.productNameMax } } : { key: "seo.form.productNameRequired" };
}
