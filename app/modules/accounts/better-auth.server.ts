import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { eq } from "drizzle-orm";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { db } from "~/db/db.server";
import * as schema from "~/db/schema";
import { CLIENT_ADDRESS_HEADER } from "~/utils/client-address.server";
import { getEnv } from "~/utils/env.server";
import { getSecret } from "~/utils/secret.server";
import { currentSiteUrl } from "~/utils/site-url.server";
import { queueMail } from "~/modules/mail/mail.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/modules/accounts/password-rule";
import { sessionsChanged } from "~/modules/accounts/session-cache.server";
import { serverT } from "~/i18n/i18n.server";
import { languageOfPath } from "~/i18n/languages";

function createAuth(siteUrl: string) {
  const env = getEnv();
  return betterAuth({
    appName: "LabTest Hub",
    baseURL: siteUrl,
    basePath: "/api/auth",
    secret: getSecret(),
    trustedOrigins: [siteUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    advanced: {
      // uuid-shaped ids, made here so the text id columns need no database default.
      database: { generateId: () => randomUUID() },
      useSecureCookies: siteUrl.startsWith("https://"),
      // Set by the app from the socket or TRUST_PROXY, never taken from the client's own headers.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Only the e-mail links reach better-auth over HTTP; sign-in and reset requests have their own limits.
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        // In the customer's language (their profile's), like every other e-mail.
        const [profile] = await db.select({ language: schema.profiles.language }).from(schema.profiles).where(eq(schema.profiles.id, user.id));
        const t = serverT(profile?.language ?? "en", "emails");
        await queueMail(db, {
          to: user.email,
          subject: t("Reset your LabTest Hub password"),
          text: t(
            "Hello,\n\nSomeone asked to reset the password of your LabTest Hub account. If it was you, open this link within one hour:\n\n{{url}}\n\nIf it was not you, ignore this e-mail: your password stays the same.",
            { url },
          ),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        // Sent during sign-up, before the profile records a language: the page the customer signed
        // up on is the link's return address (/ar for Arabic, see signUp).
        const t = serverT(languageOfPath(new URL(url).searchParams.get("callbackURL") ?? "/"), "emails");
        await queueMail(db, {
          to: user.email,
          subject: t("Confirm your e-mail address for LabTest Hub"),
          text: t(
            "Welcome to LabTest Hub!\n\nPlease confirm your e-mail address by opening this link:\n\n{{url}}\n\nIf you did not create an account, you can ignore this e-mail.",
            { url },
          ),
        });
      },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await db.insert(schema.profiles).values({ id: user.id }).onConflictDoNothing();
          },
        },
        // The session cache holds the user's name and e-mail.
        update: { after: sessionsChanged },
        delete: { after: sessionsChanged },
      },
      // Sign-out, revocation on a password reset, expiry clean-up: no process may keep the session.
      session: { delete: { after: sessionsChanged } },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Without SITE_URL, one instance per address the site is reached under (most recent last). */
const instances = new Map<string, Auth>();
const MAX_INSTANCES = 8;

/**
 * better-auth for the current site address, created on first use (after start-up has connected
 * the database). Its base URL makes the links in e-mails and its cookies' Secure flag, so without
 * SITE_URL a visitor on http://192.168.1.20:3000 gets links to that address.
 */
export function getAuth(): Auth {
  const siteUrl = currentSiteUrl();
  let auth = instances.get(siteUrl);
  if (auth) instances.delete(siteUrl);
  else auth = createAuth(siteUrl);
  instances.set(siteUrl, auth);
  // Addresses come from the allow-list server/site-address.ts holds requests to; still bounded.
  if (instances.size > MAX_INSTANCES) instances.delete(instances.keys().next().value!);
  return auth;
}
