import * as v from "valibot";
import type { BatchJob } from "../../durable-objects/batch-job";
import type { QuotaCounter } from "../../durable-objects/quota-counter";
import type { ThrottleCounter } from "../../durable-objects/throttle-counter";

/** Every binding, variable and secret the Worker reads. Optional ones have an embedded default. */
export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  IMAGES: ImagesBinding;
  QUOTA: DurableObjectNamespace<QuotaCounter>;
  THROTTLE: DurableObjectNamespace<ThrottleCounter>;
  BATCH: DurableObjectNamespace<BatchJob>;
  AI?: Ai;
  EMAIL?: SendEmail;

  APP_ENV?: string;
  APP_URL?: string;
  BUILD_VERSION?: string;
  LLM_PROVIDER?: string;
  LLM_MODEL?: string;
  LLM_BASE_URL?: string;
  WORKERS_AI_MODEL?: string;
  /** "true" lets "auto" choose Workers AI (local workerd has an AI binding that cannot run models). */
  WORKERS_AI_ENABLED?: string;
  WORKERS_AI_IMAGE_MODEL?: string;
  OPENAI_MODEL?: string;
  TRENDS_PROVIDER?: string;
  IMAGE_PROVIDER?: string;
  OPENAI_IMAGE_MODEL?: string;
  OPENAI_BASE_URL?: string;
  MAIL_PROVIDER?: string;
  MAIL_FROM?: string;
  CORS_ORIGINS?: string;
  API_DOCS_ENABLED?: string;

  JWT_SECRET?: string;
  PASSWORD_PEPPER?: string;
  DEEPSEEK_API_KEY?: string;
  OPENAI_API_KEY?: string;
  SERPAPI_API_KEY?: string;
  ETSY_API_KEY?: string;
  RESEND_API_KEY?: string;
  RESEND_BASE_URL?: string;
}

const MIN_SECRET_BYTES = 32;

const ConfigSchema = v.object({
  APP_ENV: v.optional(v.picklist(["development", "test", "production"]), "development"),
  JWT_SECRET: v.optional(v.string()),
  PASSWORD_PEPPER: v.optional(v.string(), ""),
});

export interface Config {
  appEnv: "development" | "test" | "production";
  jwtSecret: Uint8Array;
  pepper: string;
  appUrl: string;
}

let devSecret: string | undefined;
const cache = new WeakMap<object, Config>();

/**
 * Validates the environment once per isolate. In production a missing or weak JWT_SECRET refuses
 * to serve; in development one is generated for the life of the isolate (npm start writes a stable
 * one to .dev.vars so sessions survive restarts).
 */
export function getConfig(env: Env): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  const parsed = v.parse(ConfigSchema, {
    APP_ENV: env.APP_ENV || undefined,
    JWT_SECRET: env.JWT_SECRET || undefined,
    PASSWORD_PEPPER: env.PASSWORD_PEPPER || undefined,
  });
  let secret = parsed.JWT_SECRET;
  if (!secret || new TextEncoder().encode(secret).byteLength < MIN_SECRET_BYTES) {
    if (parsed.APP_ENV === "production") {
      throw new ConfigError(`JWT_SECRET must be set to at least ${MIN_SECRET_BYTES} bytes in production`);
    }
    devSecret ??= randomHex(32);
    secret = devSecret;
  }
  const config: Config = {
    appEnv: parsed.APP_ENV,
    jwtSecret: new TextEncoder().encode(secret),
    pepper: parsed.PASSWORD_PEPPER,
    appUrl: (env.APP_URL || "http://localhost:8787").replace(/\/+$/, ""),
  };
  cache.set(env, config);
  return config;
}

export class ConfigError extends Error {}

export function isProduction(env: Env) {
  return (env.APP_ENV || "development") === "production";
}

export function randomHex(bytes: number) {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return [...buf].map((b) => b.toString(16).padStart(2, "0")).join("");
}
