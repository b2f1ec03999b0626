import type { Env } from "../lib/env";
import { imageProviderName } from "./images";
import { llmProviderName } from "./llm";
import { mailProviderName } from "./mail";
import { trendsProviderName, volumeProviderName } from "./trends";

/**
 * Which provider of each kind serves requests, for /api/health and the UI's "offline default"
 * labels. Never a secret. Each provider kind adds its entry here.
 */
export function providerSummary(env: Env): Record<string, string> {
  return {
    images: imageProviderName(env),
    llm: llmProviderName(env),
    mail: mailProviderName(env),
    trends: trendsProviderName(env),
    volumes: volumeProviderName(env),
  };
}
