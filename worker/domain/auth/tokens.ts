import { SignJWT, jwtVerify } from "jose";

/** Session tokens: HS256 JWT, 7 days. Claims carry no e-mail or plan, only who and which version. */
export const TOKEN_ISSUER = "listora";
export const TOKEN_AUDIENCE = "listora-app";
const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface SessionClaims {
  userId: string;
  version: number;
}

export async function signSessionToken(secret: Uint8Array, claims: SessionClaims, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ ver: claims.version })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .sign(secret);
}

/** The secret as a key for HMAC verification, imported once per secret rather than on every verify. */
const verifyKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function verifyKeyOf(secret: Uint8Array): Promise<CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", secret as Uint8Array<ArrayBuffer>, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    verifyKeys.set(secret, key);
  }
  return key;
}

/**
 * Verifies a token; answers null for anything that is not a valid, unexpired token of ours. A token
 * older than a session (iat more than 7 days ago, or in the future) or one that claims to live longer
 * than a session is refused whatever its exp says (issue 23): we never sign one.
 */
export async function verifySessionToken(secret: Uint8Array, token: string, now = Date.now()): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await verifyKeyOf(secret), {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ["exp", "iat", "sub", "ver"],
      maxTokenAge: TOKEN_TTL_SECONDS,
      currentDate: new Date(now),
    });
    if (typeof payload.sub !== "string" || typeof payload.ver !== "number") return null;
    if (typeof payload.iat !== "number" || typeof payload.exp !== "number" || payload.exp - payload.iat > TOKEN_TTL_SECONDS) return null;
    return { userId: payload.sub, version: payload.ver };
  } catch {
    return null;
  }
}

/** One-time tokens for reset and verification links: 32 random bytes, hex; only the hash is stored. */
export function newOneTimeToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
