/**
 * The values the Worker exchanges with its Durable Objects. They live below the domain so the domain
 * reaches a Durable Object with them and never imports the class's module: the classes
 * (durable-objects/, at the top level) sit above the domain and use it. Env types the bindings with the classes
 * by `import type` only (erased at build, so no module loads in a circle).
 */
import type { ImageCategory, ImagePlatform, ImageProviderName } from "../../schema/api/images";
import type { Feature } from "../../schema/api/quota";

/** Internal counters that are not features a user sees, such as raw /api/ai calls. */
export type Counter = Feature | "ai-call";

export interface QuotaState {
  used: number;
  limit: number;
}

export interface Reservation extends QuotaState {
  ok: boolean;
}

export interface ThrottleVerdict {
  allowed: boolean;
  /** Seconds until the oldest counted event leaves the window (0 when allowed). */
  retryAfterSeconds: number;
  count: number;
}

export interface NewBatch {
  id: string;
  ownerId: string;
  prompt: string;
  category: ImageCategory;
  platform: ImagePlatform;
  provider: ImageProviderName;
  items: { fileName: string; originalId: string }[];
}
