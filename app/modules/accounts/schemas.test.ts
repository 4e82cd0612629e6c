import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AuthFormSchema, ResetPasswordSchema } from "~/modules/accounts/schemas";

function passwordErrors(intent: "sign-up" | "sign-in", password: string) {
  const parsed = AuthFormSchema.safeParse({ intent, email: "someone@example.com", password });
  return parsed.success ? [] : (z.flattenError(parsed.error).fieldErrors as Record<string, string[]>).password;
}

describe("the password rule for new passwords", () => {
  it("refuses short, blank and common passwords with a message", () => {
    expect(passwordErrors("sign-up", "")[0]).toBe("Password is required");
    expect(passwordErrors("sign-up", "password")[0]).toBe("Password must be at least 10 characters");
    expect(passwordErrors("sign-up", "        ")[0]).toBe("Password must be at least 10 characters");
    expect(passwordErrors("sign-up", " ".repeat(12))).toEqual(["Password cannot be only spaces"]);
    for (const common of ["password123", "Qwertyuiop", "1234567890", "iloveyou12"]) {
      expect(passwordErrors("sign-up", common)).toEqual(["This password is too common. Please choose a less common one."]);
    }
  });

  it("accepts a long uncommon password, including the demo accounts' own", () => {
    expect(passwordErrors("sign-up", "correct-horse-battery")).toEqual([]);
    expect(passwordErrors("sign-up", "LabAdmin#2026")).toEqual([]);
    expect(passwordErrors("sign-up", "Customer#2026")).toEqual([]);
  });

  it("applies when a password is reset", () => {
    const parsed = ResetPasswordSchema.safeParse({ token: "t", password: "password1234" });
    expect(parsed.success).toBe(false);
    expect(parsed.error && z.flattenError(parsed.error).fieldErrors.password).toEqual([
      "This password is too common. Please choose a less common one.",
    ]);
  });

  it("does not apply to signing in: an existing password still works as it was chosen", () => {
    expect(passwordErrors("sign-in", "short")).toEqual([]);
    expect(passwordErrors("sign-in", "")).toEqual(["Password is required"]);
  });
});
