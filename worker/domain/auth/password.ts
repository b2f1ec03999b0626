/**
 * Password hashing: PBKDF2-SHA256 through WebCrypto. 100,000 iterations is the most a production
 * Worker allows (local workerd has no cap, so a test pins this constant). The stored form carries its
 * parameters, so they can be raised later: pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>.
 * A pepper (a secret outside the database) is mixed in with HMAC before derivation.
 */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

const encoder = new TextEncoder();

export async function hashPassword(password: string, pepper: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, pepper, salt, PBKDF2_ITERATIONS);
  return ["pbkdf2-sha256", PBKDF2_ITERATIONS, toBase64(salt), toBase64(hash)].join("$");
}

/** Constant-time check of a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string, pepper: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if (scheme !== "pbkdf2-sha256" || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText) {
    // Spend the same time as a real check, so a broken row is not distinguishable by timing.
    await derive(password, pepper, new Uint8Array(SALT_BYTES), PBKDF2_ITERATIONS);
    return false;
  }
  const expected = fromBase64(hashText);
  const actual = await derive(password, pepper, fromBase64(saltText), iterations);
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash of a random password with the current parameters: checking an unknown e-mail against it
 * costs the same time as checking a wrong password.
 */
export function dummyPasswordHash(pepper: string) {
  dummyHash ??= hashPassword(crypto.randomUUID(), pepper);
  return dummyHash;
}

async function derive(password: string, pepper: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const pepperKey = await crypto.subtle.importKey("raw", encoder.encode(pepper || "listora-no-pepper"), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const peppered = await crypto.subtle.sign("HMAC", pepperKey, encoder.encode(password));
  const key = await crypto.subtle.importKey("raw", peppered, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export function timingSafeEqual(a: Uint8Array, b: Uint8Array) {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export function toBase64(bytes: Uint8Array) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}
