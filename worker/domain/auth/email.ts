/**
 * The one normal form of an e-mail address, for storage (users.email_normalized, unique) and every
 * look-up and throttle key. Stored mail still goes to the address as typed (users.email).
 *
 * - Unicode NFKC first, so a composed "ö" and "o" + combining diaeresis are one spelling, and so are
 *   compatibility forms: fullwidth "Ｋｘ" and "Kx", "ﬁ" and "fi", superscript "²" and "2" (issue 23).
 * - Then one case folding, done in JavaScript for all of Unicode (SQLite's lower() folds ASCII only):
 *   lower, upper, lower. The round trip applies the full mappings a plain toLowerCase() misses
 *   (ß and ẞ -> ss, ligatures such as ﬁ -> fi, final sigma, ſ -> s), and is idempotent.
 * - Turkish letters: dotless ı folds to i and İ (lowered to i + U+0307) to i, so "IŞIK", "ışık" and
 *   "işik" are one address; someone typing their address with another keyboard still gets in.
 * - The domain goes through the URL parser's IDNA mapping, so "münchen.de" and its ASCII form
 *   "xn--mnchen-3ya.de" are one domain.
 * - NFKC again at the end (case mappings may decompose).
 * Migration 0018 clears the stored normal form of every non-ASCII address made under the older NFC
 * rule; fillMissingNormalisedEmails computes it again.
 */
export function normaliseEmail(email: string): string {
  const trimmed = email.trim().normalize("NFKC");
  const at = trimmed.lastIndexOf("@");
  const local = at === -1 ? trimmed : trimmed.slice(0, at);
  const domain = at === -1 ? "" : trimmed.slice(at + 1);
  const foldedLocal = fold(local);
  if (at === -1) return foldedLocal;
  return `${foldedLocal}@${asciiDomain(fold(domain))}`;
}

function fold(text: string) {
  return text
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .replace(/i\u0307/g, "i")
    .replace(/ı/g, "i")
    .normalize("NFKC");
}

function asciiDomain(domain: string) {
  if (/^[\x21-\x7e]*$/.test(domain)) return domain;
  try {
    const host = new URL(`http://${domain}/`).hostname;
    return host || domain;
  } catch {
    return domain;
  }
}
