import type { User } from "../../schema/db";
import { findUserById } from "../domain/auth/accounts";
import { verifySessionToken } from "../domain/auth/tokens";
import { getConfig, type Env } from "./env";
import { unauthorized } from "./errors";

/**
 * The user of a request, from its bearer token only. A token whose version is behind the user's
 * (password changed, signed out everywhere) is refused like any invalid token.
 */
export async function requireUser(request: Request, env: Env): Promise<User> {
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized("No authentication token found");
  const claims = await verifySessionToken(getConfig(env).jwtSecret, match[1]);
  if (!claims) throw unauthorized("Invalid authentication token");
  const user = await findUserById(env, claims.userId);
  if (!user || user.tokenVersion !== claims.version) throw unauthorized("Invalid authentication token");
  return user;
}
