// Hydrates the page with the translations of its language: English is in the bundle, Arabic is
// fetched first on Arabic pages (one chunk, before hydration, so the first render matches).
import type { Resource } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { createI18n } from "~/i18n/i18n";
import { languageOfPath } from "~/i18n/languages";
import { en } from "~/locales/en";

async function hydrate() {
  const language = languageOfPath(window.location.pathname);
  const resources: Resource = language === "ar" ? { en, ar: (await import("~/locales/ar/site")).arSite } : { en };
  const i18n = createI18n(language, resources);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
