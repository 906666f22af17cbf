import { createCookie } from "@remix-run/node";

/**
 * Data saver (issue #3): on when the learner turned it on here, else when the browser asks for it
 * with `Save-Data: on`. The learner's own choice, either way, wins over the browser's header.
 */
export const dataSaverCookie = createCookie("data-saver", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function wantsSaveData(request: Request): Promise<boolean> {
  const choice: unknown = await dataSaverCookie.parse(request.headers.get("Cookie"));
  if (choice === "on" || choice === "off") return choice === "on";
  return request.headers.get("Save-Data")?.trim().toLowerCase() === "on";
}
