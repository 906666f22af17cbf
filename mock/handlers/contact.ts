import type { HttpHandler } from "msw";
import { json, readBody, refuse, routes } from "../http";
import { t } from "../i18n";
import { type MockContext, nextId, now } from "../store";
import { text, validate } from "../validation";

/** Documented trigger for the 402 of spec §8: comments containing this word are refused. */
const REFUSED_WORD = "spam";

/** `POST /contact/send_comment`: the guest contact form (no token). */
export function contactHandlers(ctx: MockContext): HttpHandler[] {
  const { publicPost } = routes(ctx);
  return [
    publicPost("/contact/send_comment", async (call) => {
      const input = validate(
        await readBody(call),
        {
          name: "required|string|min:2|max:64",
          phone: "required|string",
          email: "required|string|min:2|max:64",
          comment: "required|string|min:25|max:512",
        },
        call.locale,
      );
      if (text(input.comment).toLowerCase().includes(REFUSED_WORD)) return refuse(call.locale, "commentRefused");
      call.state.contact_messages.push({
        id: nextId(call.state.contact_messages),
        name: text(input.name),
        phone: text(input.phone),
        email: text(input.email),
        comment: text(input.comment),
        created_at: now(),
      });
      return json({ success: true, message: t(call.locale, "contactSent") });
    }),
  ];
}
