/**
 * The quota features: the one list the Durable Object counts, the API validates (featureKey), the
 * OpenAPI document names and the screens show, in the order screens list them (SPEC §6).
 */
export const FEATURES = ["create-listing", "seo-analysis", "advanced-keywords", "edit-image"] as const;
export type Feature = (typeof FEATURES)[number];
