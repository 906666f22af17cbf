import type { Request, Response } from "express";
import en from "../app/locales/en/edge.json";
import es from "../app/locales/es/edge.json";
import { languageOf } from "./locale";
import { loggablePath, log } from "./log";

/**
 * The answers the HTTP server gives before Remix sees a request: a small page in the user's
 * language (strings in app/locales/{es,en}/edge.json) and a warn line, never an error: a refused
 * request is the client's mistake or an attack, not a fault of the service.
 */
export type Refusal = "badRequest" | "crossSite" | "method" | "tooLarge" | "unsupported" | "insecure";

export const REFUSAL_STATUS: Record<Refusal, number> = {
  badRequest: 400,
  crossSite: 403,
  insecure: 403,
  method: 405,
  tooLarge: 413,
  unsupported: 415,
};

const strings = { es, en };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function refusalPage(refusal: Refusal, language: keyof typeof strings): string {
  const t = strings[language];
  const { title, message } = t[refusal];
  return [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Academia</title></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`,
    `<p><a href="/">${escapeHtml(t.back)}</a></p></main></body></html>`,
  ].join("");
}

/**
 * Answers with the refusal's page. A body the client is still sending is not kept: it is read and
 * dropped within bounds, then the connection is cut (drainThenClose, server/body-limit.ts).
 */
export async function refuse(req: Request, res: Response, refusal: Refusal, headers: Record<string, string> = {}) {
  if (res.locals.refused) return;
  // Set at once: Remix may settle the same request before the language is known (server/remix-handler.ts).
  res.locals.refused = true;
  const status = REFUSAL_STATUS[refusal];
  log.warn("request refused", {
    requestId: res.getHeader("X-Request-Id")?.toString(),
    method: req.method,
    path: loggablePath(req.originalUrl),
    status,
    reason: refusal,
  });
  const language = await languageOf(req.get("Cookie"), req.get("Accept-Language"));
  if (res.headersSent) return;
  const body = req.method === "HEAD" ? "" : refusalPage(refusal, language);
  res
    .status(status)
    .set({
      "Cache-Control": "no-store",
      "Content-Language": language,
      // A page of text and one link: it needs nothing loaded and nobody may frame it.
      "Content-Security-Policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      ...headers,
    })
    .type("html")
    .send(body);
}
