// OWASP's device cookies (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies):
// a browser in which an account signed in successfully gets a signed cookie naming that account
// and a random device id. Its later sign-ins and reset requests for that account are counted
// against that device alone, so guesses from elsewhere cannot lock the owner out (decision 0024).
import { createHmac, randomBytes } from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import { z } from "zod";
import { getSecret } from "~/utils/secret.server";
import { secureCookies } from "~/utils/site-url.server";

const COOKIE_NAME = "trusted_device";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Accounts one browser is trusted for (a shared family computer); the oldest is dropped. */
const MAX_ACCOUNTS = 5;

/** One trusted account: a keyed digest of its e-mail (no address in the cookie), the device id, when given. */
const EntrySchema = z.object({ account: z.string(), device: z.string(), issuedAt: z.number() });
const CookieValueSchema = z.array(EntrySchema).max(MAX_ACCOUNTS);
type Entry = z.infer<typeof EntrySchema>;

let cookie: Cookie | undefined;

/** Signed with the site's secret (HMAC-SHA256, by React Router's cookie): an altered value reads as none. */
function deviceCookie() {
  cookie ??= createCookie(COOKIE_NAME, { path: "/", httpOnly: true, sameSite: "lax", maxAge: ONE_YEAR_SECONDS, secrets: [getSecret()] });
  return cookie;
}

function accountDigest(email: string) {
  return createHmac("sha256", getSecret()).update(`trusted-device:${email.trim().toLowerCase()}`).digest("base64url").slice(0, 22);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function entriesOf(request: Request): Promise<Entry[]> {
  const value = await deviceCookie().parse(request.headers.get("Cookie"));
  const parsed = CookieValueSchema.safeParse(value);
  if (!parsed.success) return [];
  return parsed.data.filter((entry) => nowSeconds() - entry.issuedAt < ONE_YEAR_SECONDS);
}

/** The id of this browser when a past sign-in made it trusted for `email`'s account, else null. */
export async function trustedDeviceOf(request: Request, email: string): Promise<string | null> {
  const account = accountDigest(email);
  return (await entriesOf(request)).find((entry) => entry.account === account)?.device ?? null;
}

/**
 * The Set-Cookie header that trusts this browser for `email`'s account after a successful sign-in:
 * a new device id each time (as OWASP asks), the browser's other accounts kept.
 */
export async function trustDevice(request: Request, email: string): Promise<string> {
  const account = accountDigest(email);
  const others = (await entriesOf(request)).filter((entry) => entry.account !== account);
  const entries: Entry[] = [{ account, device: randomBytes(16).toString("base64url"), issuedAt: nowSeconds() }, ...others].slice(0, MAX_ACCOUNTS);
  return deviceCookie().serialize(entries, { secure: secureCookies() });
}
