/** The theme and language choices: their own module, so a page that needs only these lists ships no schemas. */
export const THEMES = ["light", "dark"] as const;
export const LANGUAGES = ["en", "tr"] as const;
export type Theme = (typeof THEMES)[number];
export type Language = (typeof LANGUAGES)[number];
