import { z } from "zod/v4";
import { type LegacyContext, legacyRequest } from "./request.server";
import { messageSchema } from "./schemas/common.server";
import { signInSchema } from "./schemas/user.server";

export function login(ctx: LegacyContext, body: { email: string; password: string }) {
  return legacyRequest(ctx, { method: "POST", path: "/auth/login", body, schema: signInSchema });
}

export function loginOrRegister(ctx: LegacyContext, body: { email: string }) {
  return legacyRequest(ctx, { method: "POST", path: "/auth/login_or_register", body, schema: signInSchema });
}

export function loginWithToken(ctx: LegacyContext, params: Record<string, string>) {
  return legacyRequest(ctx, { method: "POST", path: "/auth/login_with_token", body: params, schema: signInSchema });
}

const requestPasswordResetReply = z.object({ success: z.literal(true), email: z.string() }).transform(({ email }) => ({ email }));

export function requestPasswordReset(ctx: LegacyContext, body: { email: string }) {
  return legacyRequest(ctx, {
    method: "POST",
    path: "/auth/reset",
    body,
    schema: requestPasswordResetReply,
  });
}

const verifyPasswordTokenReply = z
  .object({ pending_data: z.object({ token: z.string(), email: z.string() }) })
  .transform((reply) => reply.pending_data);

export function verifyPasswordToken(ctx: LegacyContext, body: { token: string }) {
  return legacyRequest(ctx, {
    method: "POST",
    path: "/auth/verify_pass_token",
    body,
    schema: verifyPasswordTokenReply,
  });
}

export function assignNewPassword(ctx: LegacyContext, body: { token: string; password: string; password_confirmation: string }) {
  return legacyRequest(ctx, {
    method: "POST",
    path: "/auth/assign_new_password",
    body: { ...body, recovery: 1 },
    schema: signInSchema,
  });
}

/** `POST /auth/logout` (an extension of the legacy API): revokes the token. */
export function logout(ctx: LegacyContext) {
  return legacyRequest(ctx, { method: "POST", path: "/auth/logout", schema: messageSchema });
}
