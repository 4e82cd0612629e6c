// The language switcher's link: /language?lang=ar&to=/search?q=x remembers the choice in a cookie
// and goes to that page in the chosen language. Works without JavaScript.
import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { isLanguage, LANGUAGE_COOKIE, localizePath, DEFAULT_LANGUAGE } from "~/i18n/languages";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { secureCookies } from "~/utils/site-url.server";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = url.searchParams.get("lang");
  const language = isLanguage(requested) ? requested : DEFAULT_LANGUAGE;
  // The rule runs on the final path, after the /ar prefix is added or removed.
  const target = safeRedirectPath(url.searchParams.get("to"), language) ?? localizePath("/", language);
  const cookie = [`${LANGUAGE_COOKIE}=${language}`, "Path=/", `Max-Age=${ONE_YEAR_SECONDS}`, "SameSite=Lax", ...(secureCookies() ? ["Secure"] : [])];
  return redirect(target, { headers: { "Set-Cookie": cookie.join("; "), "Cache-Control": "no-store" } });
}
