import type { HttpHandler } from "msw";
import { type Call, json, readBody, refuse, routes } from "../http";
import { t } from "../i18n";
import {
  findUserByEmployeeNumber,
  findUserByLogin,
  issueAccessToken,
  issueRecoveryToken,
  liveRecoveryToken,
  type MockContext,
  revokeAccessToken,
} from "../store";
import type { UserRecord } from "../types";
import { text, validate } from "../validation";
import { userView } from "../views";

/** `/auth/*`: sign-in by password, employee number or SSO link, password recovery, sign-out. */
export function authHandlers(ctx: MockContext): HttpHandler[] {
  const { publicPost, post } = routes(ctx);

  const signedIn = (call: Call, user: UserRecord) =>
    json({ access_token: issueAccessToken(call.state, user.id), token_type: "Bearer", user: userView(ctx, user) });

  return [
    publicPost("/auth/login", async (call) => {
      const input = validate(
        await readBody(call),
        { email: "required|string|min:2|max:64", password: "required|string|min:6|max:64" },
        call.locale,
      );
      const user = findUserByLogin(call.state, text(input.email));
      if (!user || user.password !== text(input.password)) return refuse(call.locale, "badCredentials");
      return signedIn(call, user);
    }),

    publicPost("/auth/login_or_register", async (call) => {
      const input = validate(await readBody(call), { email: "required|string|min:2|max:64" }, call.locale);
      const user = findUserByEmployeeNumber(call.state, text(input.email));
      return user ? signedIn(call, user) : refuse(call.locale, "unknownEmployee");
    }),

    publicPost("/auth/login_with_token", async (call) => {
      const params = await readBody(call);
      const value = (key: string) => (typeof params[key] === "string" ? params[key].trim() : "");
      const expires = value("expires");
      if (expires && !/^\d+$/.test(expires)) return refuse(call.locale, "invalidLink");
      if (expires && Number(expires) * 1000 < Date.now()) return refuse(call.locale, "linkExpired");
      const user =
        (value("email") && findUserByLogin(call.state, value("email"))) ||
        (value("employee_number") && findUserByEmployeeNumber(call.state, value("employee_number"))) ||
        (value("user") && findUserByLogin(call.state, value("user"))) ||
        undefined;
      return user ? signedIn(call, user) : refuse(call.locale, "invalidLink");
    }),

    publicPost("/auth/reset", async (call) => {
      const input = validate(await readBody(call), { email: "required|string|min:2|max:64|email" }, call.locale);
      const email = text(input.email);
      const user = call.state.users.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
      if (user) issueRecoveryToken(call.state, user, t(call.locale, "recoverySubject"));
      return json({ success: true, email });
    }),

    publicPost("/auth/verify_pass_token", async (call) => {
      const input = validate(await readBody(call), { token: "required|string" }, call.locale);
      const record = liveRecoveryToken(call.state, text(input.token));
      if (!record) return refuse(call.locale, "tokenExpired");
      return json({ pending_data: { token: record.token, email: record.email } });
    }),

    publicPost("/auth/assign_new_password", async (call) => {
      const input = validate(
        await readBody(call),
        {
          token: "required|string|min:6|max:64",
          password: "required|string|min:6|max:64",
          password_confirmation: "required|same:password|string|min:6|max:64",
          recovery: "required|boolean",
        },
        call.locale,
      );
      const record = liveRecoveryToken(call.state, text(input.token));
      const user = record && call.state.users.find((candidate) => candidate.id === record.user_id);
      if (!record || !user) return refuse(call.locale, "tokenExpired");
      user.password = text(input.password);
      call.state.recovery_tokens.delete(record.token);
      return signedIn(call, user);
    }),

    post("/auth/logout", (call) => {
      revokeAccessToken(call.state, call.token);
      return json({ success: true, message: t(call.locale, "loggedOut") });
    }),
  ];
}
