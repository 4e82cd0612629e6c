import { useRouteLoaderData } from "react-router";

/** The form field that carries the anti-CSRF token (app/utils/csrf.server.ts). */
export const CSRF_FIELD = "csrf";

/** Shown when a form's token is missing or belongs to an earlier session. */
export const FORM_EXPIRED_MESSAGE = "This form has expired. Please reload the page and try again.";

/** The signed-in session's token from the root loader; undefined for a visitor. */
export function useCsrfToken(): string | undefined {
  return useRouteLoaderData<{ csrfToken?: string | null }>("root")?.csrfToken ?? undefined;
}

/** The hidden token field: put it in every POST form (it renders nothing for a visitor). */
export function CsrfField() {
  const token = useCsrfToken();
  return token ? <input type="hidden" name={CSRF_FIELD} value={token} /> : null;
}
