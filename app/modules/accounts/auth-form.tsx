import { useEffect, useState } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/input-field";
import { AccountFormCard } from "~/modules/accounts/account-form-card";
import { MIN_PASSWORD_LENGTH, PASSWORD_RULE } from "~/modules/accounts/password-rule";
import { useFormResult, type FormResult } from "~/utils/form-result";
import { CsrfField } from "~/components/csrf-field";

export type AuthMode = "sign-up" | "sign-in";
/** The auth form's own addition to its answer: the mode to switch to (an existing account signs in). */
export type AuthFormExtra = { switchTo: AuthMode };

/** One form for both: create an account (the default) or sign in (`?mode=sign-in`). */
export function AuthForm({ result }: { result: FormResult<AuthFormExtra> | undefined }) {
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<AuthMode>(searchParams.get("mode") === "sign-in" ? "sign-in" : "sign-up");
  const busy = useNavigation().state === "submitting";
  const errors = useFormResult(result);

  useEffect(() => {
    if (result?.switchTo) setMode(result.switchTo);
  }, [result]);

  const signingUp = mode === "sign-up";
  const otherMode: AuthMode = signingUp ? "sign-in" : "sign-up";
  const toggleParams = new URLSearchParams(searchParams);
  toggleParams.set("mode", otherMode);

  return (
    <AccountFormCard
      title={signingUp ? "Create an account" : "Welcome back"}
      description={
        signingUp ? "Create an account to book tests and follow your orders." : "Sign in to book tests and follow your orders."
      }
    >
      <FormAlert toast={result?.toast} />
      <Form method="post" className="grid gap-4" noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name="redirect" value={searchParams.get("redirect") ?? ""} />
        <InputField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          defaultValue={searchParams.get("email") ?? ""}
          error={errors.email}
        />
        <InputField
          id="password"
          label="Password"
          type="password"
          autoComplete={signingUp ? "new-password" : "current-password"}
          required
          minLength={signingUp ? MIN_PASSWORD_LENGTH : undefined}
          error={errors.password}
          hint={signingUp ? PASSWORD_RULE : undefined}
        />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? "Please wait..." : signingUp ? "Create Account" : "Sign In"}
        </Button>
      </Form>
      <div className="mt-6 grid gap-2 text-center text-sm">
        <p>
          {signingUp ? "Already have an account? " : "Don't have an account? "}
          <Link
            to={`?${toggleParams}`}
            replace
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              setMode(otherMode);
            }}
            className="font-medium text-primary underline underline-offset-4"
          >
            {signingUp ? "Sign in" : "Create an account"}
          </Link>
        </p>
        {!signingUp ? (
          <Link to="/auth/forgot-password" className="text-muted-foreground underline underline-offset-4">
            Forgot your password?
          </Link>
        ) : null}
      </div>
    </AccountFormCard>
  );
}
