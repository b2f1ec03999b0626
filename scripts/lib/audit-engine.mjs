/**
 * The audit engine's build identity (decision 0064): a hash of the source files a listing's score is
 * computed from (the Listing Doctor's engine, the fact sheet and the phrase lists it checks claims
 * with, and the saved row's reading). A stored score carries it, so a build whose engine reads a
 * listing differently scores it again instead of showing the old number. Vite and the Worker tests
 * hand it to the code as `__AUDIT_ENGINE__`.
 */
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const SOURCES = ["shared/audit", "shared/facts", "shared/listings", "worker/domain/audit"];

/**
 * Every .ts file under `dir`, sorted, as paths relative to `root`.
 * @param {string} root
 * @param {string} dir
 * @returns {string[]}
 */
function tsFiles(root, dir) {
  const out = [];
  for (const name of readdirSync(join(root, dir)).sort()) {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...tsFiles(root, path));
    else if (name.endsWith(".ts")) out.push(path);
  }
  return out;
}

/**
 * 12 hex digits of SHA-256 over the engine's sources (their paths and contents).
 * @param {string} root the repository's folder
 */
export function auditEngineId(root) {
  const hash = createHash("sha256");
  for (const dir of SOURCES) {
    for (const file of tsFiles(root, dir)) {
      hash.update(relative(root, join(root, file)));
      hash.update("\0");
      hash.update(readFileSync(join(root, file)));
      hash.update("\0");
    }
  }
  return hash.digest("hex").slice(0, 12);
}
