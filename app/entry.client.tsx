// Hydrates the page with the translations of its language: English is in the bundle, Arabic is
// fetched first on Arabic pages (one chunk, before hydration, so the first render matches). The
// catalogues arrive compiled (vite.config.ts), English without the texts that are their own key.
import { I18nProvider } from "@lingui/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { browserMessagesFor } from "~/i18n/browser-messages";
import { createI18n } from "~/i18n/i18n";
import { languageOfPath } from "~/i18n/languages";

/**
 * Resolves once the browser has painted the server's HTML (or after 100 ms, for a tab in the
 * background, which paints no frames). Hydration is one long task: started before the first paint,
 * it holds the page off the screen on a slow phone, although the HTML is complete without it.
 */
function afterFirstPaint() {
  return new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

async function hydrate() {
  await afterFirstPaint();
  const language = languageOfPath(window.location.pathname);
  const i18n = createI18n(language, await browserMessagesFor(language));
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <HydratedRouter />
        </I18nProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
