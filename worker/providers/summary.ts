import type { Env } from "../lib/env";
import { cutoutProviderName, imageProviderName } from "./images";
import { llmProviderName } from "./llm";
import { mailProviderName } from "./mail";
import { trendsProviderName } from "./trends";

/**
 * Which provider of each kind serves requests, for /api/health and the UI's "offline default"
 * labels. Never a secret. Each provider kind adds its entry here.
 */
export function providerSummary(env: Env): Record<string, string> {
  return {
    images: imageProviderName(env),
    // Who removes backgrounds: "photoroom", "remove-bg", or "local" (the local editor's flood fill).
    cutouts: cutoutProviderName(env) ?? "local",
    llm: llmProviderName(env),
    mail: mailProviderName(env),
    trends: trendsProviderName(env),
  };
}
