import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { RequestHandler } from "express";
import { loggablePath, log } from "../app/infra/log.server";
import { isCrossSite } from "../app/infra/same-origin.server";
import { refuse } from "./refusal";

/**
 * The methods the app answers: pages and forms (Remix submits other methods as POST without
 * JavaScript, and the app has no such form). TRACE, OPTIONS, PUT… get 405 before Remix, which
 * answered some with a 500. Methods Node's parser does not know get its own 400 before any code here.
 */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

export const methodGate: RequestHandler = (req, res, next) => {
  if ((ALLOWED_METHODS as readonly string[]).includes(req.method)) return next();
  void refuse(req, res, "method", { Allow: ALLOWED_METHODS.join(", ") });
};

/** CONNECT never reaches express (Node hands it to the server's `connect` event, and without a listener drops the socket). */
export function refuseConnect(req: IncomingMessage, socket: Duplex) {
  log.warn("request refused", { method: req.method, path: loggablePath(req.url ?? ""), status: 405, reason: "method" });
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS.join(", ")}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
  );
}

/** Refuses a cross-site request (app/infra/same-origin.server.ts) with 403 before Remix, whose own origin check would throw a 500. */
export const sameOriginGate: RequestHandler = (req, res, next) => {
  const crossSite = isCrossSite({
    method: req.method,
    origin: req.get("Origin"),
    secFetchSite: req.get("Sec-Fetch-Site"),
    host: req.get("Host"),
    protocol: req.protocol,
  });
  if (crossSite) return void refuse(req, res, "crossSite");
  next();
};

/**
 * `?_data=` is Remix's data request from before single fetch: the app's pages never send it (they
 * ask for `<path>.data`), and Remix logs each one as an error on its way to an older code path. Refused
 * as a bad request before Remix, with a warn line like any refusal.
 */
export const legacyDataGate: RequestHandler = (req, res, next) => {
  const query = req.originalUrl.indexOf("?");
  // Read as Remix reads it: decoded, so `%5Fdata` is `_data` too.
  if (query === -1 || !new URLSearchParams(req.originalUrl.slice(query + 1)).has("_data")) return next();
  void refuse(req, res, "badRequest");
};
