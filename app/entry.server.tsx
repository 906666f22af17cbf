import {
  type AppLoadContext,
  createReadableStreamFromReadable,
  type EntryContext,
  type HandleErrorFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { loggablePath, log } from "~/infra/log.server";
import { getConfig } from "./infra/config.server";
import { createDocumentStream } from "./infra/document-stream.server";
import { getLocale, translatorFor } from "./infra/language.server";
import { redis } from "./infra/redis.server";
import { documentTurns } from "./infra/render-turns.server";
import { requestIdOf } from "./infra/request-id.server";
import { readSession } from "./infra/session.server";
import { TranslatorProvider } from "./lib/i18n/use-translation";
import { NonceProvider } from "./lib/nonce";
import { OWNER_HEADER } from "./offline/names";

const ABORT_DELAY = 5_000;

/** Writing to a slow client is not rendering: a turn ends once React has done its work, not when the body is sent. */
const turns = documentTurns(ABORT_DELAY);

// Fail at start, not on the first request, when the configuration is wrong; connect to a shared
// Redis now, so its line is among the start-up logs.
getConfig();
redis();

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  { cspNonce: nonce }: AppLoadContext,
) {
  const translator = translatorFor(await getLocale(request));
  // Whose page this is, for the service worker (a shared device: app/offline/caches.ts).
  const session = await readSession(request);
  if (session) responseHeaders.set(OWNER_HEADER, `${session.user.id}; lng=${translator.language}`);

  const bot = isbot(request.headers.get("user-agent") ?? "");

  return new Promise((resolve, reject) => {
    turns.take(request.signal, (rendered) => {
      // Its client left while it waited: nobody to render for.
      if (request.signal.aborted) {
        rendered();
        return reject(request.signal.reason);
      }
      let shellRendered = false;
      let allDone = false;
      let abortLate: ReturnType<typeof setTimeout> | undefined;
      // The timer is cleared once React is done: it would keep the whole render in memory for ABORT_DELAY.
      const finished = () => {
        allDone = true;
        clearTimeout(abortLate);
        rendered();
      };
      const respond = () => {
        shellRendered = true;
        const body = createDocumentStream();
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      };
      const { pipe, abort } = renderToPipeableStream(
        <TranslatorProvider value={translator}>
          <NonceProvider value={nonce}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </NonceProvider>
        </TranslatorProvider>,
        {
          nonce,
          // A crawler gets the whole page at once; a browser the shell first.
          onShellReady: bot ? undefined : respond,
          onAllReady() {
            if (bot) respond();
            finished();
          },
          onShellError(error: unknown) {
            reject(error);
            finished();
          },
          onError(error: unknown) {
            responseStatusCode = 500;
            if (shellRendered) console.error(error);
          },
        },
      );
      if (!allDone) abortLate = setTimeout(abort, ABORT_DELAY);
    });
  });
}

/**
 * Unexpected errors are logged once, with the request id the error page shows; never a token. A 4xx
 * a route threw on purpose (the strings route's 404 for an unknown language or namespace) is an
 * answer, not a failure: Remix hands those of resource routes here too, and a crawler's misses would
 * fill the error log (decision 084).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  log.error("request failed", {
    requestId: requestIdOf(request),
    method: request.method,
    path: loggablePath(new URL(request.url).pathname),
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
};
