import { createContext, useContext } from "react";

/**
 * The CSP nonce of this response. The server provides it around the router (entry.server.tsx); in
 * the browser it is empty, which is fine: browsers hide nonce values from the DOM anyway.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
