import { createContext, useContext } from "react";

const RequestIdContext = createContext("");

/** Given the request's id on the server (entry.server.tsx) and the page's id in the browser (entry.client.tsx). */
export const RequestIdProvider = RequestIdContext.Provider;

/** The id of the request that rendered this page: the reference a customer quotes to support. */
export const useRequestId = () => useContext(RequestIdContext);

/** The name of the meta tag through which the server hands the browser the page's request id. */
export const REQUEST_ID_META = "request-id";

/** In the browser: the id the server wrote into the page (empty when there is none). */
export function requestIdOfDocument() {
  return document.querySelector<HTMLMetaElement>(`meta[name="${REQUEST_ID_META}"]`)?.content ?? "";
}
