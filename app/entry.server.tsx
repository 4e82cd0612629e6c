import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { I18nProvider } from "@lingui/react";
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { i18nFor, languageOfRequest } from "~/i18n/i18n.server";
import { logger } from "~/utils/logger.server";
import { NonceProvider } from "~/utils/nonce";
import { RequestIdProvider } from "~/utils/request-id";
import { scriptsAfterFirstPaint } from "~/utils/scripts-after-first-paint";
import { fillSharedMarkup, SharedMarkupProvider, SharedMarkupSlots } from "~/utils/shared-markup";

export const streamTimeout = 5_000;

/**
 * Errors thrown by loaders, actions and rendering. A request the client got wrong (a 4xx such as
 * a POST to a page without an action) is a warning; a request the client gave up on is not logged.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const { pathname } = new URL(request.url);
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.warn({ method: request.method, path: pathname, status: error.status }, "request refused");
  } else {
    logger.error({ method: request.method, path: pathname, err: error }, "request failed");
  }
};

/**
 * Renders the whole document before answering, as one body. No page defers data (every loader
 * has finished before rendering starts), so streaming the shell first would gain nothing, while
 * each streamed chunk costs a write through the web stream, compression and the socket (issue 13).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let rendered = false;
    const chunks: Buffer[] = [];
    const sharedMarkup = new SharedMarkupSlots();
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timer);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const html = scriptsAfterFirstPaint(fillSharedMarkup(Buffer.concat(chunks), sharedMarkup));
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={loadContext.requestId ?? ""}>
          <I18nProvider i18n={i18nFor(languageOfRequest(request))}>
            <SharedMarkupProvider value={sharedMarkup}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </SharedMarkupProvider>
          </I18nProvider>
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          rendered = true;
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (rendered) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}
