import { createCookieSessionStorage } from "react-router";
import { PatientDetailsSchema, type PatientDetails } from "~/modules/booking/schemas";
import { getSecret } from "~/utils/secret.server";
import { secureCookies } from "~/utils/site-url.server";

type DetailsSession = { details: PatientDetails };

let storage: ReturnType<typeof createCookieSessionStorage<DetailsSession>> | undefined;

/** The details step's answers, kept in a signed cookie so the payment step survives a reload. */
function detailsStorage() {
  storage ??= createCookieSessionStorage<DetailsSession>({
    cookie: {
      name: "checkout_details",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      maxAge: 60 * 60 * 6,
      secrets: [getSecret()],
    },
  });
  return storage;
}

export async function readCheckoutDetails(request: Request): Promise<PatientDetails | null> {
  const session = await detailsStorage().getSession(request.headers.get("Cookie"));
  const parsed = PatientDetailsSchema.safeParse(session.get("details"));
  return parsed.success ? parsed.data : null;
}

export async function saveCheckoutDetails(details: PatientDetails) {
  const session = await detailsStorage().getSession();
  session.set("details", details);
  return detailsStorage().commitSession(session, { secure: secureCookies() });
}

export async function forgetCheckoutDetails(request: Request) {
  const session = await detailsStorage().getSession(request.headers.get("Cookie"));
  return detailsStorage().destroySession(session, { secure: secureCookies() });
}
