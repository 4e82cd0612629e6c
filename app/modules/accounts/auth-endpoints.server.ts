import { withClientAddress } from "~/utils/client-address.server";
import { languageOfPath, localizePath } from "~/i18n/languages";
import { getAuth } from "~/modules/accounts/better-auth.server";

/**
 * The better-auth endpoints reachable over HTTP: the links in our e-mails (address verification
 * and the password-reset link, which forwards to /auth/reset-password), each with the page it
 * returns to. Everything else, sign-in above all, goes through our own forms and their limits,
 * so it is not exposed.
 */
const LINKS = [
  { path: /^\/api\/auth\/verify-email$/, returnTo: "/" },
  { path: /^\/api\/auth\/reset-password\/[^/]+$/, returnTo: "/auth/reset-password" },
];

/**
 * Answers a link from one of our e-mails. better-auth redirects to the link's `callbackURL`, which
 * anyone can edit, so the app sets it: the link's page in the language the link was made in (the
 * only thing read from the one it came with). Nothing else of the query but the token goes on.
 */
export function handleAuthRequest(request: Request, clientAddress: string): Promise<Response> | Response {
  const url = new URL(request.url);
  const link = LINKS.find(({ path }) => path.test(url.pathname));
  if (request.method !== "GET" || !link) return new Response("Not Found", { status: 404 });

  const language = languageOfPath(url.searchParams.get("callbackURL") ?? "/");
  const query = new URLSearchParams({ callbackURL: localizePath(link.returnTo, language) });
  const token = url.searchParams.get("token");
  if (token !== null) query.set("token", token);
  const forwarded = new URL(`${url.pathname}?${query}`, url);
  return getAuth().handler(new Request(forwarded, { headers: withClientAddress(request.headers, clientAddress) }));
}
