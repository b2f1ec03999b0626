/**
 * Encryption of the Etsy tokens at rest (docs/decisions/0022-etsy-oauth.md): AES-256-GCM through
 * WebCrypto with a key derived by HKDF-SHA-256 from ETSY_TOKEN_KEY, or from JWT_SECRET when no
 * dedicated key is set. Each value is bound (as GCM additional data) to its user and purpose, so a
 * ciphertext copied to another row or another user does not decrypt.
 *
 * Stored form: "v1.<base64url iv (12 bytes)>.<base64url ciphertext+tag>".
 */
import { getConfig, type Env } from "../../lib/env";

const HKDF_SALT = new TextEncoder().encode("listora.etsy-tokens.salt.v1");
const HKDF_INFO = new TextEncoder().encode("listora/etsy-tokens/aes-256-gcm/v1");

type TokenPurpose = "access" | "refresh" | "verifier";

const keys = new Map<string, Promise<CryptoKey>>();

/** The secret the key is derived from: ETSY_TOKEN_KEY when set, else JWT_SECRET. */
function secretOf(env: Env): Uint8Array<ArrayBuffer> {
  const dedicated = (env.ETSY_TOKEN_KEY ?? "").trim();
  return dedicated ? new TextEncoder().encode(dedicated) : new Uint8Array(getConfig(env).jwtSecret);
}

async function keyOf(env: Env): Promise<CryptoKey> {
  const secret = secretOf(env);
  const id = await sha256Hex(secret);
  let key = keys.get(id);
  if (!key) {
    key = (async () => {
      const material = await crypto.subtle.importKey("raw", secret, "HKDF", false, ["deriveKey"]);
      return crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt: HKDF_SALT, info: HKDF_INFO }, material, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
    })();
    keys.set(id, key);
  }
  return key;
}

const aad = (userId: string, purpose: TokenPurpose) => new TextEncoder().encode(`${purpose}:${userId}`);

export async function encryptToken(env: Env, userId: string, purpose: TokenPurpose, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: aad(userId, purpose) }, await keyOf(env), new TextEncoder().encode(plain));
  return `v1.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
}

/** The plain value, or null when it does not decrypt (another key, another user, tampered). */
export async function decryptToken(env: Env, userId: string, purpose: TokenPurpose, stored: string): Promise<string | null> {
  const parts = stored.split(".");
  if (parts.length !== 3 || parts[0] !== "v1") return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64url(parts[1]), additionalData: aad(userId, purpose) }, await keyOf(env), fromBase64url(parts[2]));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : new Uint8Array(data);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A random URL-safe string of `bytes` random bytes (state, PKCE verifier, cookie nonce). */
export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** PKCE S256: base64url(SHA-256(verifier)) (RFC 7636 §4.2). */
export async function codeChallengeOf(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}
