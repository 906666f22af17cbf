import type { IncomingMessage } from "node:http";
import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixHandler,
  data,
  writeReadableStreamToWritable,
  type ServerBuild,
} from "@remix-run/node";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";
import { inSpan } from "../app/infra/tracing.server";
import { bodyOf } from "./body-limit";
import { OpenCounter, RETRY_AFTER_BUSY_S, RETRY_AFTER_SHARE_S } from "./budget";
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

type RouteFunction = (args: { request: Request; params: object; context: object }) => unknown;

/** A thrown redirect or response, or `data(…, init)`: the route's own answer, not a failure. */
const isAnswer = (thrown: unknown) =>
  thrown instanceof Response ||
  (typeof thrown === "object" && thrown !== null && "type" in thrown && thrown.type === "DataWithResponseInit");

/**
 * Every loader and action in a span; a page route's loader or action that fails unexpectedly
 * answers a 500 whose data names its own request id, logged by entry.server's handleError. A route with a clientLoader gets its data in a
 * request of its own (decision 038), so the error boundary cannot take the page's id for it.
 */
export function withSpansAndFailureIds(build: ServerBuild): ServerBuild {
  const guard = (run: RouteFunction | undefined): RouteFunction | undefined =>
    run &&
    (async (args) => {
      try {
        return await run(args);
      } catch (error) {
        if (isAnswer(error) || args.request.signal.aborted) throw error;
        build.entry.module.handleError?.(error, args as Parameters<NonNullable<typeof build.entry.module.handleError>>[1]);
        throw data({ requestId: args.request.headers.get("x-request-id") }, { status: 500 });
      }
    });
  // Every loader and action is a span of its own (app/infra/tracing.server.ts); a page route's fails with its request id.
  const traced = (kind: "loader" | "action", id: string, run: RouteFunction | undefined): RouteFunction | undefined =>
    run && ((args) => inSpan(`${kind} ${id}`, { "remix.route.id": id }, () => Promise.resolve(run(args))));
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const module = route.module;
      const page = (run: unknown) =>
        module.default ? guard(run as RouteFunction | undefined) : (run as RouteFunction | undefined);
      const loader = traced("loader", id, page(module.loader));
      const action = traced("action", id, page(module.action));
      return [id, { ...route, module: { ...module, loader, action } }];
    }),
  ) as ServerBuild["routes"];
  return { ...build, routes };
}

/**
 * What a request addresses, as metrics name it (app/infra/metrics.server.ts): its Remix route id
 * (the deepest match, never the raw path) and kind: a document, a data request (single fetch's
 * `.data`) or a resource route (no component). Remembered per path: matching compiles every route.
 */
export function routeNamer(build: ServerBuild) {
  const children = (parentId: string | undefined): AgnosticRouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route.parentId === parentId)
      .map((route) => ({
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        children: route.index ? undefined : children(route.id),
      })) as AgnosticRouteObject[];
  const tree = children(undefined);
  const named = new LRUCache<string, { route: string; kind: "document" | "data" | "resource" }>({ max: 2_000 });
  return (pathname: string) => {
    const known = named.get(pathname);
    if (known) return known;
    const data = pathname.endsWith(".data");
    const leaf = matchRoutes(tree, data ? pathname.slice(0, -".data".length) || "/" : pathname)?.at(-1)?.route.id;
    const route = leaf ?? "unmatched";
    const name = {
      route,
      kind: data ? ("data" as const) : build.routes[route]?.module.default ? ("document" as const) : ("resource" as const),
    };
    named.set(pathname, name);
    return name;
  };
}

let handling = 0;
/** Requests whose loaders and actions are still running, also for a client that left (a progress write goes on). */
export const requestsInFlight = () => handling;

/**
 * Requests whose loaders or actions may run at once: each holds what its legacy calls returned
 * until its page is drawn (~0.3 MB for home). Past `total`, 503; past `perClient` for one client
 * address (an attacker's connections, or an office behind one NAT), 429: everyone else goes on.
 */
export type InFlightLimits = { total: number; perClient: number };

/** Probes hold nothing and must answer under load: a liveness probe refused would get the process restarted. */
const UNCOUNTED_ROUTES = new Set(["routes/healthz", "routes/readyz"]);

export function remixHandler(build: ServerBuild, mode: string, limits: InFlightLimits): RequestHandler {
  const handle = createRemixHandler(withSpansAndFailureIds(build), mode);
  const nameOf = routeNamer(build);
  const clients = new OpenCounter(limits.perClient);
  /** A place in flight for the request, given back by calling the result (once); null when it was refused. */
  const enter = (req: ExpressRequest, res: ExpressResponse): (() => void) | null => {
    if (UNCOUNTED_ROUTES.has(res.locals.route as string)) return () => {};
    if (handling >= limits.total) {
      void refuse(req, res, "busy", { "Retry-After": String(RETRY_AFTER_BUSY_S) });
      return null;
    }
    const leaveClient = clients.enter(req.ip ?? "");
    if (!leaveClient) {
      void refuse(req, res, "tooMany", { "Retry-After": String(RETRY_AFTER_SHARE_S) });
      return null;
    }
    handling += 1;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      handling -= 1;
      leaveClient();
    };
  };
  return async (req, res, next) => {
    Object.assign(res.locals, nameOf(req.path));
    const settle = enter(req, res);
    if (!settle) return;
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
      settle();
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
      const response = await handle(request, {
        cspNonce: res.locals.cspNonce as string,
        document: res.locals.kind === "document",
      }).finally(settle);
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
      settle();
      next(error);
    }
  };
}
