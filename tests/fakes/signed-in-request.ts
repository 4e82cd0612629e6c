import { signIn } from "~/modules/accounts/sign-in.server";

const ORIGIN = "http://localhost:3999";
/** The client address the server would have taken from the socket. */
const CLIENT_ADDRESS = "127.0.0.1";

/** Signs the account in through better-auth and returns a request factory carrying its cookie. */
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
    return new Request(`${ORIGIN}${path}`, { ...init, headers });
  };
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
