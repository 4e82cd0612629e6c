import { z } from "zod";

export const AuthFormSchema = z.object({
  intent: z.enum(["sign-up", "sign-in"]),
  email: z.email({ error: (issue) => (issue.input ? "Please enter a valid email address" : "Email is required") }),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
  redirect: z.string().max(2000).optional(),
});

export const ForgotPasswordSchema = z.object({
  email: z.email({ error: (issue) => (issue.input ? "Please enter a valid email address" : "Email is required") }),
});

export const ResetPasswordSchema = z.object({
  token: z.string().min(1, "This reset link is invalid or has expired."),
  password: z.string().min(8, "Password must be at least 8 characters").max(128),
});
