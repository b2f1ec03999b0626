import type { Env } from "../lib/env";
import { billingProviderName } from "./billing/stripe";
import { cutoutProviderName, imageProviderName } from "./images";
import { llmProviderLabel, llmProviderName } from "./llm";
import { mailProviderName } from "./mail";
import { trendsProviderName, volumeProviderName } from "./trends";

/** The active provider of one kind: a stable name for code and, when it says more, a label for people. */
type ProviderEntry = string | { name: string; label: string };

/**
 * Which provider of each kind serves requests, for /api/health and the UI's labels. ONE LINE PER
 * KIND: add yours here. Read only names, models and choices from env, never a key's value.
 */
const KINDS: Record<string, (env: Env) => ProviderEntry> = {
  llm: (env) => ({ name: llmProviderName(env), label: llmProviderLabel(env) }),
  trends: (env) => trendsProviderName(env),
  images: (env) => imageProviderName(env),
  // Who removes backgrounds: "photoroom", "remove-bg", or "local" (the local editor's flood fill).
  cutouts: (env) => cutoutProviderName(env) ?? "local",
  // Absolute monthly searches: "dataforseo", or "none" (nothing is estimated offline).
  volumes: (env) => volumeProviderName(env),
  mail: (env) => mailProviderName(env),
  // Who takes payment for Premium: "stripe", or "none" (the operator sets plans with npm run user:plan).
  billing: (env) => billingProviderName(env),
};

const entries = (env: Env) => Object.entries(KINDS).map(([kind, read]) => [kind, read(env)] as const);

/** Kind -> the active provider's name ("workers-ai", "offline-composer", "sample", "outbox", ...). */
export function providerSummary(env: Env): Record<string, string> {
  return Object.fromEntries(entries(env).map(([kind, entry]) => [kind, typeof entry === "string" ? entry : entry.name]));
}

/** Kind -> how a person reads it ("Workers AI (llama-3.3-70b)"); the name when the kind has no label. */
export function providerLabels(env: Env): Record<string, string> {
  return Object.fromEntries(entries(env).map(([kind, entry]) => [kind, typeof entry === "string" ? entry : entry.label]));
}
