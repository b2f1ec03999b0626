import { timingSafeEqual } from "../auth/password";

/**
 * Stripe's webhook signature (stripe.com/docs/webhooks#verify-manually): the Stripe-Signature header is
 * `t=<unix seconds>,v1=<hex>[,v1=<hex>...][,v0=...]`; each v1 is HMAC-SHA256 of `${t}.${raw body}`
 * keyed with the endpoint's signing secret. Several v1 values appear while a secret is being rolled:
 * one match is enough. Other schemes (v0 is a test scheme) are ignored.
 */
const SIGNATURE_TOLERANCE_SECONDS = 300;

type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: "missing" | "malformed" | "mismatch" | "too-old" };

const HEX_64 = /^[0-9a-f]{64}$/;

export async function verifyStripeSignature(rawBody: string, header: string | null, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<SignatureCheck> {
  if (!header) return { ok: false, reason: "missing" };
  if (header.length > 4096) return { ok: false, reason: "malformed" };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && HEX_64.test(value.toLowerCase())) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: "malformed" };
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const expected = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${rawBody}`)));
  // Every candidate is compared in full, in constant time for its length (all are 32 bytes).
  let matched = false;
  for (const signature of signatures) if (timingSafeEqual(expected, hexBytes(signature))) matched = true;
  if (!matched) return { ok: false, reason: "mismatch" };
  // Checked after the signature, so a forged header learns nothing about the clock.
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: "too-old" };
  return { ok: true, timestamp };
}

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
