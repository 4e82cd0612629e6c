import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { db } from "~/db/db.server";
import * as schema from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { getSecret } from "~/utils/secret.server";
import { queueMail } from "../mail/mail.server";

function createAuth() {
  const env = getEnv();
  return betterAuth({
    appName: "LabTest Hub",
    baseURL: env.siteUrl,
    basePath: "/api/auth",
    secret: getSecret(),
    trustedOrigins: [env.siteUrl],
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
      useSecureCookies: env.siteUrl.startsWith("https://"),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/request-password-reset": { window: 300, max: 5 },
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await queueMail(db, {
          to: user.email,
          subject: "Reset your LabTest Hub password",
          text: `Hello,\n\nSomeone asked to reset the password of your LabTest Hub account. If it was you, open this link within one hour:\n\n${url}\n\nIf it was not you, ignore this e-mail: your password stays the same.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await queueMail(db, {
          to: user.email,
          subject: "Confirm your e-mail address for LabTest Hub",
          text: `Welcome to LabTest Hub!\n\nPlease confirm your e-mail address by opening this link:\n\n${url}\n\nIf you did not create an account, you can ignore this e-mail.`,
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
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Auth | undefined;

/** better-auth, created on first use (after start-up has connected the database). */
export function getAuth(): Auth {
  instance ??= createAuth();
  return instance;
}
