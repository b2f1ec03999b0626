import type { OptimizeMessage } from "../../schema/api/shop";
import { selectMailProvider } from "../providers/mail";

/** The `[vars]` of wrangler.toml: the generated entries typed as strings. */
type WranglerVar = { [K in keyof Cloudflare.Env]: Cloudflare.Env[K] extends string ? K : never }[keyof Cloudflare.Env];

/**
 * Every binding, variable and secret the Worker reads. The bindings and `[vars]` of wrangler.toml come
 * from `Cloudflare.Env`, which `npm run cf-typegen` (`wrangler types`, run by `npm run typecheck` and
 * `npm test`) generates into worker-configuration.d.ts (ignored by git). The vars are optional: each has
 * an embedded default, and an `[env.NAME]` section does not inherit them. Below is what wrangler.toml
 * does not declare (or types differently): the queue's message type, optional bindings and variables,
 * and the secrets (.dev.vars.example, `wrangler secret put`).
 */
export type Env = Omit<Cloudflare.Env, "SHOP_QUEUE" | "AI" | WranglerVar> &
  Partial<Pick<Cloudflare.Env, WranglerVar>> & {
    /** My Shop bulk optimize: one message per listing (Cloudflare Queues, listora-shop-optimize). */
    SHOP_QUEUE: Queue<OptimizeMessage>;
    /** Declared in wrangler.toml; optional here because its absence means "no Workers AI" (decision 0020). */
    AI?: Ai;
    EMAIL?: SendEmail;

    BUILD_VERSION?: string;
    /**
     * Unset (the default): a deployment with the AI binding uses Workers AI, a local run does not.
     * "true" uses it in development too (wrangler dev --remote); "false" never (decision 0020).
     */
    WORKERS_AI_ENABLED?: string;
    /** "unavailable" marks a run whose AI binding cannot run models; npm start and the test pool set it. */
    WORKERS_AI_LOCAL?: string;
    WORKERS_AI_IMAGE_MODEL?: string;
    OPENAI_MODEL?: string;
    OPENAI_BASE_URL?: string;
    /** Registrations allowed per client address per hour; default 10. */
    REGISTER_LIMIT_PER_HOUR?: string;

    JWT_SECRET?: string;
    PASSWORD_PEPPER?: string;
    DEEPSEEK_API_KEY?: string;
    OPENAI_API_KEY?: string;
    SERPAPI_API_KEY?: string;
    /** Etsy app keystring: the OAuth client_id of My Shop's Etsy connection, and the key of keyword competition. */
    ETSY_API_KEY?: string;
    /** Etsy app shared secret: sent as `x-api-key: <keystring>:<shared secret>`; with ETSY_API_KEY it turns the Etsy connection on. */
    ETSY_SHARED_SECRET?: string;
    /** Secret the Etsy tokens' AES-GCM key is derived from (HKDF); JWT_SECRET when unset (decision 0022). */
    ETSY_TOKEN_KEY?: string;
    /** Etsy's API origin (default https://api.etsy.com); tests point it at a fake. */
    ETSY_API_URL?: string;
    /** Etsy's consent page (default https://www.etsy.com/oauth/connect). */
    ETSY_OAUTH_URL?: string;
    /** DataForSEO account (HTTP Basic) for absolute search volumes; DATAFORSEO_API_URL points elsewhere (tests, proxies). */
    DATAFORSEO_LOGIN?: string;
    DATAFORSEO_PASSWORD?: string;
    DATAFORSEO_API_URL?: string;
    RESEND_API_KEY?: string;
    RESEND_BASE_URL?: string;
    /** Cut-out providers (decision 0018): Photoroom when its key is set, else remove.bg. */
    PHOTOROOM_API_KEY?: string;
    /** Default https://sdk.photoroom.com; tests and proxies point it elsewhere. */
    PHOTOROOM_API_URL?: string;
    REMOVE_BG_API_KEY?: string;
    /** Default https://api.remove.bg. */
    REMOVE_BG_API_URL?: string;
    /** Stripe billing (decision 0036): all three turn online payment on; without them plans are set by the operator. */
    STRIPE_SECRET_KEY?: string;
    /** The webhook endpoint's signing secret (whsec_...): verifies Stripe-Signature. */
    STRIPE_WEBHOOK_SECRET?: string;
    /** The monthly Premium price (price_...). */
    STRIPE_PRICE_ID?: string;
    /** Stripe's API origin (default https://api.stripe.com); tests point it at a fake. */
    STRIPE_API_URL?: string;
  };

const MIN_SECRET_BYTES = 32;

/** The runtime modes. Only the exact words "development" and "test" relax anything. */
export type AppEnv = "development" | "test" | "production";

/**
 * What APP_ENV means: "development" and "test" are themselves; anything else (unset, empty,
 * "staging", "prod", a typo) is production, so a forgotten variable never opens /dev/mail or drops
 * the required secrets. (An `[env.NAME]` section of wrangler.toml does not inherit `[vars]`.)
 */
export function appEnvOf(value: string | undefined): AppEnv {
  const word = (value ?? "").trim();
  return word === "development" || word === "test" ? word : "production";
}

export interface Config {
  appEnv: AppEnv;
  jwtSecret: Uint8Array;
  pepper: string;
  appUrl: string;
  /** Registrations allowed per client address per hour (REGISTER_LIMIT_PER_HOUR, default 10). */
  registerLimitPerHour: number;
}

export const DEFAULT_REGISTER_LIMIT_PER_HOUR = 10;

let devSecret: string | undefined;
const cache = new WeakMap<object, Config>();

/**
 * Every reason this environment may not serve, for the operator (names of variables, never their
 * values). Empty when it may. Production needs a JWT_SECRET of 32 bytes, a PASSWORD_PEPPER and a
 * mail provider (Resend or the send_email binding): without one, reset and
 * verification links would sit in plain text in the D1 outbox.
 */
export function configProblems(env: Env): string[] {
  if (appEnvOf(env.APP_ENV) !== "production") return [];
  const problems: string[] = [];
  const bytes = (s: string | undefined) => new TextEncoder().encode(s ?? "").byteLength;
  if (bytes(env.JWT_SECRET) < MIN_SECRET_BYTES) problems.push(`JWT_SECRET must be set to at least ${MIN_SECRET_BYTES} bytes in production`);
  // No minimum length: a pepper cannot change once users exist, so an existing one is kept as it is.
  if (!(env.PASSWORD_PEPPER ?? "").trim()) problems.push("PASSWORD_PEPPER must be set in production");
  if (!selectMailProvider(env)) {
    problems.push('a mail provider must be configured in production (RESEND_API_KEY, or a send_email binding named EMAIL; MAIL_PROVIDER must not be "outbox")');
  }
  const limit = env.REGISTER_LIMIT_PER_HOUR;
  if (limit !== undefined && limit !== "" && !/^\d+$/.test(limit.trim())) problems.push("REGISTER_LIMIT_PER_HOUR must be a whole number");
  return problems;
}

/**
 * Validates the environment once per env object. Anything but development or test is production
 * (see appEnvOf), and production with a problem (configProblems) refuses to serve: the Worker answers
 * 503 with the reasons and logs them. In development and test a missing JWT_SECRET is generated for
 * the life of the isolate (npm start writes a stable one to .dev.vars so sessions survive restarts).
 */
export function getConfig(env: Env): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  const appEnv = appEnvOf(env.APP_ENV);
  const problems = configProblems(env);
  if (problems.length) throw new ConfigError(problems);
  let secret = env.JWT_SECRET || undefined;
  if (!secret || new TextEncoder().encode(secret).byteLength < MIN_SECRET_BYTES) {
    devSecret ??= randomHex(32);
    secret = devSecret;
  }
  const limitText = (env.REGISTER_LIMIT_PER_HOUR ?? "").trim();
  const config: Config = {
    appEnv,
    jwtSecret: new TextEncoder().encode(secret),
    pepper: env.PASSWORD_PEPPER || "",
    appUrl: (env.APP_URL || "http://localhost:8787").replace(/\/+$/, ""),
    registerLimitPerHour: /^\d+$/.test(limitText) ? Number(limitText) : DEFAULT_REGISTER_LIMIT_PER_HOUR,
  };
  cache.set(env, config);
  return config;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Service misconfigured: ${problems.join("; ")}`);
    this.name = "ConfigError";
  }
}

/** Production unless APP_ENV is exactly "development" or "test". */
export function isProduction(env: Env) {
  return appEnvOf(env.APP_ENV) === "production";
}

export function randomHex(bytes: number) {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return [...buf].map((b) => b.toString(16).padStart(2, "0")).join("");
}
