import { dictionary } from "@zxcvbn-ts/language-common";
import { z } from "zod";
import { text } from "~/utils/text-schema";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/modules/accounts/password-rule";

const email = z.email({ error: (issue) => (issue.input ? "Please enter a valid email address" : "Email is required") });
const redirect = text().max(2000).optional();

// zxcvbn-ts's published list of the most common passwords (about 49,000, in lower case; ~400 KB,
// so this module stays out of components and is used by actions only).
const commonPasswords = new Set(dictionary["passwords-common"]);

/** A password chosen now (sign-up, reset); existing passwords still sign in as they are. */
export const NewPasswordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)
  .refine((password) => password.trim() !== "", "Password cannot be only spaces")
  .refine(
    (password) => !commonPasswords.has(password.trim().toLowerCase()),
    "This password is too common. Please choose a less common one.",
  );

export const AuthFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("sign-in"),
    email,
    password: z.string({ error: "Password is required" }).min(1, "Password is required").max(MAX_PASSWORD_LENGTH),
    redirect,
  }),
  z.object({ intent: z.literal("sign-up"), email, password: NewPasswordSchema, redirect }),
]);

export const ForgotPasswordSchema = z.object({ email });

export const ResetPasswordSchema = z.object({
  token: text().min(1, "This reset link is invalid or has expired."),
  password: NewPasswordSchema,
});
