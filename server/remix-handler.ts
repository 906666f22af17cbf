import type { IncomingMessage } from "node:http";
import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixHandler,
  writeReadableStreamToWritable,
  type ServerBuild,
} from "@remix-run/node";
import type { RequestHandler } from "express";
import { bodyOf } from "./body-limit";
import { refuse } from "./refusal";

/**
 * What @remix-run/express's handler did, but Remix reads the body server/body-limit.ts counts (the
 * adapter reads the raw request) and the URL's host is the public one server/proxy.ts resolved
 * (the adapter appended the Host header's port to X-Forwarded-Host's name).
 */
const controllers = new WeakMap<IncomingMessage, AbortController>();

/** Makes Remix drop a request whose answer the HTTP server has given (a body over its limit). */
export function abortRemix(req: IncomingMessage) {
  controllers.get(req)?.abort();
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

export function remixHandler(build: ServerBuild, mode: string): RequestHandler {
  const handle = createRemixHandler(build, mode);
  return async (req, res, next) => {
    const controller = new AbortController();
    controllers.set(req, controller);
    // The client has gone before the answer was sent: loaders and actions stop.
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    let url: URL;
    try {
      url = new URL(`${req.protocol}://${req.get("Host") ?? "localhost"}${req.originalUrl}`);
    } catch {
      // A Host or request target no URL can be made of (`Host: a b`, an absolute-form target).
      return void refuse(req, res, "badRequest");
    }
    try {
      const body = bodyOf(req);
      const request = new Request(url, {
        method: req.method,
        headers: headersOf(req),
        signal: controller.signal,
        ...(body ? { body: createReadableStreamFromReadable(body), duplex: "half" } : {}),
      } as RequestInit);
      const response = await handle(request, { cspNonce: res.locals.cspNonce as string });
      if (res.headersSent || res.locals.refused) {
        await response.body?.cancel();
        return;
      }
      res.statusMessage = response.statusText;
      res.status(response.status);
      // Never stored unless the route says so: pages, data and redirects that set cookies are personal.
      res.setHeader("Cache-Control", "private, no-store");
      // A route's own header replaces the server's default (server/security-headers.ts).
      for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}
