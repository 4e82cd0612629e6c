import { withClientAddress } from "~/utils/client-address.server";
import { getAuth } from "~/modules/accounts/better-auth.server";

/**
 * The better-auth endpoints reachable over HTTP: the links in our e-mails (address verification
 * and the password-reset link, which forwards to /auth/reset-password). Everything else, sign-in
 * above all, goes through our own forms and their limits, so it is not exposed.
 */
const LINK_PATHS = [/^\/api\/auth\/verify-email$/, /^\/api\/auth\/reset-password\/[^/]+$/];

export function handleAuthRequest(request: Request, clientAddress: string): Promise<Response> | Response {
  const { pathname } = new URL(request.url);
  if (request.method !== "GET" || !LINK_PATHS.some((path) => path.test(pathname))) {
    return new Response("Not Found", { status: 404 });
  }
  return getAuth().handler(new Request(request, { headers: withClientAddress(request.headers, clientAddress) }));
}
