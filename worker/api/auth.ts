import { ChangePasswordSchema, ForgotPasswordSchema, LoginSchema, RegisterSchema, ResetPasswordSchema, VerifyEmailSchema } from "../../schema/api";
import { ALREADY_VERIFIED, INVALID_CREDENTIALS, changePassword, login, logoutAll, register, requestPasswordReset, resendVerification, resetPassword, verifyEmail } from "../domain/auth/accounts";
import { assertRegisterAllowed, assertResendAllowed, assertResetAllowed, reserveLoginAttempt } from "../domain/auth/throttle";
import { signInCookies, signOutCookies, sessionTokenOf } from "../../shared/session";
import { authenticatedByCookie } from "../lib/auth";
import { HttpError } from "../lib/errors";
import { isProduction } from "../lib/env";
import { clientAddress, json } from "../lib/http";
import { mailProviderName } from "../providers/mail";
import { route } from "./route";
import { log } from "../lib/log";

function withCookies(response: Response, cookies: string[]) {
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
}

const FORGOT_ANSWER = "If an account exists for this email, password reset instructions have been sent to it.";

export const authRoutes = [
  route({
    method: "post",
    path: "/auth/register",
    summary: "Create an account; answers { token, user } and sends a verification mail",
    tag: "Auth",
    auth: "none",
    body: RegisterSchema,
    handler: async ({ request, env, ctx, body }) => {
      // Counted before the account is made, so concurrent sign-ups from one address cannot pass the limit.
      await assertRegisterAllowed(env, clientAddress(request));
      const session = await register(env, body, ctx);
      return json({ success: true, message: "Account created", ...session }, { status: 201 });
    },
  }),

  route({
    method: "post",
    path: "/auth/login",
    summary: "Log in; answers { token, user }; throttled per account and address",
    tag: "Auth",
    auth: "none",
    body: LoginSchema,
    handler: async ({ request, env, body }) => {
      // The attempt is reserved (counted as a failure) before the password is checked, so concurrent
      // guesses can never pass the limits; a correct password refunds it.
      const attempt = await reserveLoginAttempt(env, body.email, clientAddress(request));
      const session = await login(env, body);
      if (!session) {
        await attempt.failed();
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      await attempt.succeeded();
      return json({ success: true, message: "Logged in", ...session });
    },
  }),

  route({
    method: "post",
    path: "/auth/forgot-password",
    summary: "Send a reset link; the same answer for known and unknown e-mails",
    tag: "Auth",
    auth: "none",
    body: ForgotPasswordSchema,
    handler: async ({ request, env, ctx, body: { email } }) => {
      await assertResetAllowed(env, email, clientAddress(request));
      // The look-up and the mail happen after the answer, so known and unknown e-mails take the same time.
      ctx.waitUntil(requestPasswordReset(env, email).catch((e) => log.error("auth.reset_failed", { error: String(e) })));
      // In development with the embedded outbox, say where the mail can be read.
      const devOutbox = !isProduction(env) && mailProviderName(env) === "outbox" ? "/dev/mail" : undefined;
      return json({ success: true, message: FORGOT_ANSWER, devOutbox });
    },
  }),

  route({
    method: "post",
    path: "/auth/reset-password",
    summary: "Set a new password with a reset token (single use, 1 hour)",
    tag: "Auth",
    auth: "none",
    body: ResetPasswordSchema,
    handler: async ({ request, env, body: { token, newPassword } }) => {
      await resetPassword(env, token, newPassword);
      const response = json({ success: true, message: "Your password has been reset. You can now log in with your new password." });
      // The reset ended every token (its version moved on): a browser's session cookie goes with it.
      if (sessionTokenOf(request)) withCookies(response, signOutCookies(request.url));
      return response;
    },
  }),

  route({
    method: "post",
    path: "/auth/verify-email",
    summary: "Confirm the e-mail address with a verification token (24 hours)",
    tag: "Auth",
    auth: "none",
    body: VerifyEmailSchema,
    handler: async ({ env, body: { token } }) => {
      await verifyEmail(env, token);
      return json({ success: true, message: "Your email address is confirmed." });
    },
  }),

  route({
    method: "post",
    path: "/auth/resend-verification",
    summary: "Send the caller a new e-mail verification link; throttled per account and address",
    tag: "Auth",
    auth: "user",
    handler: async ({ request, env, ctx, user }) => {
      if (user.emailVerified) return json({ success: true, alreadyVerified: true, message: ALREADY_VERIFIED });
      await assertResendAllowed(env, user.id, clientAddress(request));
      ctx.waitUntil(resendVerification(env, user).catch((e) => log.error("auth.resend_failed", { error: String(e) })));
      const devOutbox = !isProduction(env) && mailProviderName(env) === "outbox" ? "/dev/mail" : undefined;
      return json({ success: true, alreadyVerified: false, message: `We sent a new confirmation link to ${user.email}. It expires in 24 hours.`, devOutbox });
    },
  }),

  route({
    method: "post",
    path: "/auth/change-password",
    summary: "Change the password; other sessions end; answers a fresh token",
    tag: "Auth",
    auth: "user",
    body: ChangePasswordSchema,
    handler: async ({ request, env, user, body: { currentPassword, newPassword } }) => {
      const session = await changePassword(env, user, currentPassword, newPassword);
      const response = json({ success: true, message: "Password changed. Other sessions have been signed out.", ...session });
      // A browser signed in by its cookie stays signed in with the fresh token (the old one just ended).
      if (authenticatedByCookie(request)) withCookies(response, signInCookies(session.token, request.url));
      return response;
    },
  }),

  route({
    method: "post",
    path: "/auth/logout-all",
    summary: "Sign out of every session",
    tag: "Auth",
    auth: "user",
    handler: async ({ request, env, user }) => {
      await logoutAll(env, user);
      const response = json({ success: true, message: "Signed out of all sessions." });
      if (authenticatedByCookie(request)) withCookies(response, signOutCookies(request.url));
      return response;
    },
  }),
];
