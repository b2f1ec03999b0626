/** The SEO search form's defaults and choices. */
import type { SearchForm } from "~/lib/api/keywords";

export const DEFAULT_FORM: SearchForm = { productName: "", category: "", country: "US", platform: "etsy" };

/** The Target Country choices: the markets handmade sellers ship to most; US first as the SPEC default. */
export const COUNTRIES = ["US", "GB", "CA", "AU", "DE", "FR", "IT", "ES", "NL", "IE", "NZ", "TR", "JP", "IN"] as const;
