import { createContext, useContext } from "react";

/** The per-request CSP nonce, given to Remix's inline scripts on the server. */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
