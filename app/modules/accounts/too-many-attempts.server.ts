import { serverT } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";

/** "1 minute", "15 minutes": a wait in whole minutes, rounded up, in the request's language. */
function minutesText(seconds: number, language: Language = "en") {
  return serverT(language, "account")("{{count}} minutes", { count: Math.ceil(seconds / 60) });
}

/** "Too many sign-in attempts. Please try again in 15 minutes." in the request's language. */
export function tooManyMessage(what: "sign-in" | "sign-up" | "reset", seconds: number, language: Language = "en") {
  const t = serverT(language, "account");
  const minutes = minutesText(seconds, language);
  if (what === "sign-in") return t("Too many sign-in attempts. Please try again in {{minutes}}.", { minutes });
  if (what === "sign-up") return t("Too many sign-up attempts from your network. Please try again in {{minutes}}.", { minutes });
  return t("Too many reset requests. Please try again in {{minutes}}.", { minutes });
}
