import { setTimeout as sleep } from "node:timers/promises";
import { http, type HttpHandler, HttpResponse } from "msw";
import { API_BASE, apiPath, json, message } from "./http";
import { localeOf } from "./i18n";
import { type MockContext, recordCall } from "./store";

export interface Faults {
  latencyMs: number;
  /** 0..1: share of API calls answered 500 `{message: 'Server Error'}`. */
  errorRate: number;
  /** 0..1: share of API calls answered 200 with a truncated JSON body. */
  malformedRate: number;
  /** Calls to this API path (e.g. `/user/languages`) answer 402 with a message; tests reach the refusal with it. */
  refusePath?: string | null;
  /** API path prefixes (e.g. `/leader/`) answered 404, as an upstream without those extensions would. */
  missingPaths: string[];
}

const TRUNCATED_JSON = '{"data":[{"id":1,"title":"Fundamentos de la audi';

/**
 * The first handler of every `/v1/api` call: injected latency, the application-key check, then the
 * injected faults. Returning nothing hands the request on to the resource handlers.
 */
export function gateHandler(ctx: MockContext, faults: Faults): HttpHandler {
  return http.all(apiPath("/*"), async ({ request }) => {
    const path = new URL(request.url).pathname.slice(API_BASE.length);
    recordCall(ctx, request.method, path);
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    if (request.headers.get("x-app-key") !== ctx.appKey) return message(localeOf(request), "invalidAppKey", 401);
    if (faults.missingPaths.some((prefix) => path.startsWith(prefix))) return message(localeOf(request), "notFound", 404);
    if (faults.refusePath && path === faults.refusePath) {
      return message(localeOf(request), "refused", 402);
    }
    if (Math.random() < faults.errorRate) return json({ message: "Server Error" }, 500);
    if (Math.random() < faults.malformedRate) {
      return new HttpResponse(TRUNCATED_JSON, { headers: { "Content-Type": "application/json" } });
    }
    return undefined;
  });
}

/** The last handler: any other `/v1/api` path is a 404 with a message. */
export function notFoundHandler(): HttpHandler {
  return http.all(apiPath("/*"), ({ request }) => message(localeOf(request), "notFound", 404));
}
