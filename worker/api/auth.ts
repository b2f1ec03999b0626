import { ChangePasswordSchema, ForgotPasswordSchema, LoginSchema, RegisterSchema, ResetPasswordSchema, VerifyEmailSchema } from "../../schema/api";
import { ALREADY_VERIFIED, INVALID_CREDENTIALS, changePassword, login, logoutAll, register, requestPasswordReset, resendVerification, resetPassword, verifyEmail } from "../domain/auth/accounts";
import { assertRegisterAllowed, assertResendAllowed, assertResetAllowed, reserveLoginAttempt } from "../domain/auth/throttle";
import { requireUser } from "../lib/auth";
import { HttpError } from "../lib/errors";
import { isProduction } from "../lib/env";
import { clientAddress, json, readJson } from "../lib/http";
import { mailProviderName } from "../providers/mail";
import type { ApiRouter } from "./types";

const FORGOT_ANSWER = "If an account exists for this email, password reset instructions have been sent to it.";

export function authRoutes(router: ApiRouter) {
  router.post("/auth/register", async (request, env, ctx) => {
    const input = await readJson(request, RegisterSchema);
    // Counted before the account is made, so concurrent sign-ups from one address cannot pass the limit.
    await assertRegisterAllowed(env, clientAddress(request));
    const session = await register(env, input, ctx);
    return json({ success: true, message: "Account created", ...session }, { status: 201 });
  });

  router.post("/auth/login", async (request, env) => {
    const input = await readJson(request, LoginSchema);
    // The attempt is reserved (counted as a failure) before the password is checked, so concurrent
    // guesses can never pass the limits; a correct password refunds it.
    const attempt = await reserveLoginAttempt(env, input.email, clientAddress(request));
    const session = await login(env, input);
    if (!session) {
      await attempt.failed();
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    await attempt.succeeded();
    return json({ success: true, message: "Logged in", ...session });
  });

  router.post("/auth/forgot-password", async (request, env, ctx) => {
    const { email } = await readJson(request, ForgotPasswordSchema);
    await assertResetAllowed(env, email, clientAddress(request));
    // The look-up and the mail happen after the answer, so known and unknown e-mails take the same time.
    ctx.waitUntil(requestPasswordReset(env, email).catch((e) => console.error(JSON.stringify({ level: "error", event: "auth.reset_failed", error: String(e) }))));
    // In development with the embedded outbox, say where the mail can be read.
    const devOutbox = !isProduction(env) && mailProviderName(env) === "outbox" ? "/dev/mail" : undefined;
    return json({ success: true, message: FORGOT_ANSWER, devOutbox });
  });

  router.post("/auth/reset-password", async (request, env) => {
    const { token, newPassword } = await readJson(request, ResetPasswordSchema);
    await resetPassword(env, token, newPassword);
    return json({ success: true, message: "Your password has been reset. You can now log in with your new password." });
  });

  router.post("/auth/verify-email", async (request, env) => {
    const { token } = await readJson(request, VerifyEmailSchema);
    await verifyEmail(env, token);
    return json({ success: true, message: "Your email address is confirmed." });
  });

  router.post("/auth/resend-verification", async (request, env, ctx) => {
    const user = await requireUser(request, env);
    if (user.emailVerified) return json({ success: true, alreadyVerified: true, message: ALREADY_VERIFIED });
    await assertResendAllowed(env, user.id, clientAddress(request));
    ctx.waitUntil(resendVerification(env, user).catch((e) => console.error(JSON.stringify({ level: "error", event: "auth.resend_failed", error: String(e) }))));
    const devOutbox = !isProduction(env) && mailProviderName(env) === "outbox" ? "/dev/mail" : undefined;
    return json({ success: true, alreadyVerified: false, message: `We sent a new confirmation link to ${user.email}. It expires in 24 hours.`, devOutbox });
  });

  router.post("/auth/change-password", async (request, env) => {
    const user = await requireUser(request, env);
    const { currentPassword, newPassword } = await readJson(request, ChangePasswordSchema);
    const session = await changePassword(env, user, currentPassword, newPassword);
    return json({ success: true, message: "Password changed. Other sessions have been signed out.", ...session });
  });

  router.post("/auth/logout-all", async (request, env) => {
    const user = await requireUser(request, env);
    await logoutAll(env, user);
    return json({ success: true, message: "Signed out of all sessions." });
  });
}
