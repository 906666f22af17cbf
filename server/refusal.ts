import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import { languageOf } from "../app/infra/language.server";
import { loggablePath, log } from "../app/infra/log.server";
import { type RefusalReason, refusals } from "../app/infra/metrics.server";
import { escapeHtml } from "../app/lib/escape-html";
import enCommon from "../app/locales/en/common.json";
import en from "../app/locales/en/edge.json";
import esCommon from "../app/locales/es/common.json";
import es from "../app/locales/es/edge.json";

/**
 * The answers the HTTP server gives before Remix sees a request: a small page in the user's
 * language (strings in app/locales/{es,en}/edge.json) and a warn line, never an error: a refused
 * request is the client's mistake or an attack, not a fault of the service.
 */
export type Refusal =
  "badRequest" | "crossSite" | "method" | "tooLarge" | "unsupported" | "insecure" | "timeout" | "tooMany" | "busy";

export const REFUSAL_STATUS: Record<Refusal, number> = {
  badRequest: 400,
  crossSite: 403,
  insecure: 403,
  method: 405,
  timeout: 408,
  tooLarge: 413,
  unsupported: 415,
  tooMany: 429,
  busy: 503,
};

/**
 * After a refusal for load (429, 503), how much is read and dropped: enough for a small form to
 * arrive whole (the client then reads the answer), not the megabytes of a flood.
 */
export const SHED_DRAIN_BYTES = 64 * 1024;

/** What the refusals count as in the metrics. */
const REFUSAL_REASON: Record<Refusal, RefusalReason> = {
  badRequest: "bad_request",
  crossSite: "forbidden",
  insecure: "forbidden",
  method: "bad_request",
  timeout: "timeout",
  tooLarge: "too_large",
  unsupported: "unsupported",
  tooMany: "too_many",
  busy: "busy",
};

/**
 * A refusal that a client asking for JSON (the activity player's writes, the offline outbox) takes
 * as a write that never reached the legacy API (app/player/types.ts ProgressReply): it keeps the
 * write and sends it again, after Retry-After when there is one.
 */
const RETRIED_BY_JSON_CLIENTS: Partial<Record<Refusal, "busy" | "unavailable">> = {
  timeout: "unavailable",
  tooMany: "busy",
  busy: "busy",
};

const strings = { es, en };
/** "Código de referencia: {{id}}", as every error page of the app says it. */
const requestIdLine = { es: esCommon.errors.requestId, en: enCommon.errors.requestId };

/** The page's only style, allowed by its hash: readable on a phone without loading the app's CSS. */
const STYLE =
  "body{font-family:system-ui,sans-serif;line-height:1.5;color:#1b1b1b;margin:0 auto;padding:1.5rem 1rem;max-width:40rem}" +
  "h1{font-size:1.5rem;line-height:1.25;color:#0b3a66}a{color:#0b3a66;font-weight:600}small{color:#555;overflow-wrap:anywhere}";
const STYLE_HASH = `'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`;

export function refusalPage(refusal: Refusal, language: keyof typeof strings, requestId: string): string {
  const t = strings[language];
  const { title, message } = t[refusal];
  const reference = requestIdLine[language].replace("{{id}}", requestId);
  return [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Academia</title><style>${STYLE}</style></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`,
    `<p><small>${escapeHtml(reference)}</small></p>`,
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
  refusals.inc({ reason: REFUSAL_REASON[refusal] });
  // Refused for load: the flood that follows is not read (a small form still arrives whole).
  if (refusal === "tooMany" || refusal === "busy") res.locals.drainBytes = SHED_DRAIN_BYTES;
  const status = REFUSAL_STATUS[refusal];
  const requestId = String(res.getHeader("X-Request-Id") ?? "");
  log.warn("request refused", {
    requestId,
    method: req.method,
    path: loggablePath(req.originalUrl),
    status,
    reason: refusal,
  });
  const language = await languageOf(req.get("Cookie"), req.get("Accept-Language"));
  if (res.headersSent) return;
  const retried = RETRIED_BY_JSON_CLIENTS[refusal];
  if (retried && req.accepts(["html", "json"]) === "json") {
    const retryAfter = Number(headers["Retry-After"] ?? 0);
    const reply = {
      ok: false,
      error: retried,
      message: strings[language][refusal].message,
      ...(retried === "busy" ? { retryAfter } : {}),
    };
    return void res
      .status(status)
      .set({ "Cache-Control": "no-store", "Content-Language": language, ...headers })
      .json(reply);
  }
  const body = req.method === "HEAD" ? "" : refusalPage(refusal, language, requestId);
  res
    .status(status)
    .set({
      "Cache-Control": "no-store",
      "Content-Language": language,
      // A page of text and one link: it loads nothing, runs nothing, and nobody may frame it.
      "Content-Security-Policy": `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      ...headers,
    })
    .type("html")
    .send(body);
}
