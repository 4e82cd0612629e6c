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
import { RequestIdProvider, requestIdOfDocument } from "~/utils/request-id";
import { stopRecordingTaps } from "~/utils/taps-before-hydration";

// The scripts are loaded after the first paint (app/utils/scripts-after-first-paint.ts), so
// hydration, one long task, does not hold the server's HTML off the screen.
async function hydrate() {
  const language = languageOfPath(window.location.pathname);
  const i18n = createI18n(language, await browserMessagesFor(language));
  stopRecordingTaps();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RequestIdProvider value={requestIdOfDocument()}>
          <I18nProvider i18n={i18n}>
            <HydratedRouter />
          </I18nProvider>
        </RequestIdProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
