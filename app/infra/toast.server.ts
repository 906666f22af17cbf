import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";
import { getConfig } from "./config.server";

/**
 * Flash toasts (spec §9) carried by a signed cookie to the next page, so they also show without
 * JavaScript. The text is already translated when the toast is made.
 */
const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]),
  title: z.string().max(200).optional(),
  message: z.string().max(400),
});

export type Toast = Omit<z.infer<typeof toastSchema>, "id">;

function toastCookie() {
  return createCookie("toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getConfig().NODE_ENV === "production",
    secrets: [getConfig().SESSION_SECRET],
  });
}

export function toastHeader(toast: Toast): Promise<string> {
  return toastCookie().serialize({ ...toast, id: crypto.randomUUID() });
}

export async function redirectWithToast(url: string, toast: Toast, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { headers });
}

/**
 * A dialog's form saved (spec §9: the dialog closes after saving). A script's post gets `message`
 * back, which the dialog shows before it closes itself (useCloseAfter); a form the browser posted
 * itself, without JavaScript (`Sec-Fetch-Dest: document`), goes to `closeTo`, the message a toast
 * there. A browser that sends no Sec-Fetch headers gets the message and the dialog's close link.
 */
export async function savedInDialog<T extends object>(request: Request, closeTo: string, reply: T & { message: string }) {
  if (request.headers.get("Sec-Fetch-Dest") === "document")
    throw await redirectWithToast(closeTo, { type: "success", message: reply.message });
  return reply;
}

/** Reads the pending toast and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: z.infer<typeof toastSchema> | null; clear: string | null }> {
  const cookie = toastCookie();
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (value === null || value === undefined || value === "") return { toast: null, clear: null };
  const parsed = toastSchema.safeParse(value);
  return {
    toast: parsed.success ? parsed.data : null,
    clear: await cookie.serialize("", { maxAge: 0, expires: new Date(0) }),
  };
}
