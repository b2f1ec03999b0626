/**
 * Storage limits per plan and write rates, shared by the worker (worker/domain/storage/meter.ts) and
 * the screens. Decision 0011 explains the figures.
 */

const MB = 1024 * 1024;

export const STORAGE_PLANS = {
  /** 200 MB of files (originals, edited images, uploads, pattern PDFs) and 500 saved listings. */
  free: { bytes: 200 * MB, listings: 500 },
  /** 5 GB and 10,000 saved listings. */
  premium: { bytes: 5 * 1024 * MB, listings: 10_000 },
} as const;

/** Writes per user per minute (a sliding window); beyond them the API answers 429 with Retry-After. */
export const WRITE_RATE_LIMITS = {
  /** POST /api/files */
  uploadsPerMinute: 20,
  /** POST /api/save-listing and POST /api/listings */
  savesPerMinute: 30,
  /** PUT /api/listings/:id and version restores */
  editsPerMinute: 120,
  windowMs: 60 * 1000,
} as const;

export type StoragePlan = keyof typeof STORAGE_PLANS;

/** GET /api/storage (`data`). */
export interface StorageUsage {
  plan: StoragePlan;
  bytes: number;
  bytesLimit: number;
  files: number;
  listings: number;
  listingsLimit: number;
}

/** "12.3 MB", "200 MB", "5 GB": the figure a message shows. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MB) return `${trim(bytes / (1024 * MB))} GB`;
  if (bytes >= MB) return `${trim(bytes / MB)} MB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

const trim = (n: number) => (Math.round(n * 10) / 10).toString();
