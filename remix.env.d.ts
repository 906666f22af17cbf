/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />
import "@remix-run/node";

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This request's CSP nonce, made by server/security-headers.ts. */
    cspNonce: string;
    /** Whether Remix answers with a document (not single fetch's `.data`): a player's document skips the page beneath (app/lib/page-beneath.ts). */
    document: boolean;
  }
}
