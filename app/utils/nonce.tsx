import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this server render (empty in the browser, where it is not needed). */
export const useNonce = () => useContext(NonceContext);
