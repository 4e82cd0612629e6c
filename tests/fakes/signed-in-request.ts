import { CSRF_FIELD } from "~/components/csrf-field";
import { signIn } from "~/modules/accounts/sign-in.server";
import { csrfTokenFor } from "~/utils/csrf.server";

const ORIGIN = "http://localhost:3999";
/** The client address the server would have taken from the socket. */
const CLIENT_ADDRESS = "127.0.0.1";

/**
 * Signs the account in through better-auth and returns a request factory carrying its cookie. A
 * form body (URLSearchParams or FormData) gets the session's anti-CSRF token, as the page's hidden
 * field would give it, unless the test sets the field itself.
 */
export async function signedInAs(account: { email: string; password: string }) {
  const outcome = await signIn(new Request(`${ORIGIN}/auth`), CLIENT_ADDRESS, account.email, account.password);
  if (!outcome.ok) throw new Error(`sign-in failed: ${outcome.error}`);
  const cookie = outcome.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Cookie", cookie);
    headers.set("Origin", ORIGIN);
    const request = new Request(`${ORIGIN}${path}`, { ...init, headers });
    const { body } = init;
    if ((body instanceof URLSearchParams || body instanceof FormData) && !body.has(CSRF_FIELD)) {
      const withToken = body instanceof URLSearchParams ? new URLSearchParams(body) : copyForm(body);
      withToken.set(CSRF_FIELD, csrfTokenFor(request)!);
      return new Request(`${ORIGIN}${path}`, { ...init, headers, body: withToken });
    }
    return request;
  };
}

function copyForm(form: FormData) {
  const copy = new FormData();
  for (const [name, value] of form) copy.append(name, value);
  return copy;
}

/** The arguments a route action or loader receives, for calling it directly in a test. */
export function routeArgs<T>(request: Request, params: Record<string, string> = {}): T {
  return { request, params, context: { clientAddress: CLIENT_ADDRESS } } as unknown as T;
}

/** Unwraps what a route returned: `data()` results, thrown Responses, or plain objects. */
export async function routeOutcome(run: () => Promise<unknown>) {
  try {
    const value = await run();
    if (value && typeof value === "object" && "init" in value && "data" in value) {
      const wrapped = value as { data: unknown; init: ResponseInit | null };
      return { status: wrapped.init?.status ?? 200, body: wrapped.data, location: null };
    }
    return { status: 200, body: value, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, body: null, location: thrown.headers.get("Location") };
    }
    if (thrown && typeof thrown === "object" && "init" in thrown && "data" in thrown) {
      const wrapped = thrown as { data: unknown; init: ResponseInit | null };
      return { status: wrapped.init?.status ?? 500, body: wrapped.data, location: null };
    }
    throw thrown;
  }
}
