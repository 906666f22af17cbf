import {
  type AppLoadContext,
  createReadableStreamFromReadable,
  type EntryContext,
  type HandleErrorFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { loggablePath, log } from "~/infra/log.server";
import { getConfig } from "./infra/config.server";
import { createDocumentStream } from "./infra/document-stream.server";
import { getLocale, translatorFor } from "./infra/language.server";
import { redis } from "./infra/redis.server";
import { requestIdOf } from "./infra/request-id.server";
import { readSession } from "./infra/session.server";
import { TranslatorProvider } from "./lib/i18n/use-translation";
import { NonceProvider } from "./lib/nonce";
import { OWNER_HEADER } from "./offline/names";

const ABORT_DELAY = 5_000;

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

  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <TranslatorProvider value={translator}>
        <NonceProvider value={nonce}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </NonceProvider>
      </TranslatorProvider>,
      {
        nonce,
        [readyEvent]() {
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
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** Unexpected errors are logged once, with the request id the error page shows; never a token. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  log.error("request failed", {
    requestId: requestIdOf(request),
    method: request.method,
    path: loggablePath(new URL(request.url).pathname),
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
};
