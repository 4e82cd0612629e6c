import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useNavigation, useSearchParams } from "react-router";
import { Form, Link } from "~/i18n/link";
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
  const { t } = useTranslation("account");
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
      title={signingUp ? t("Create an account") : t("Welcome back")}
      description={signingUp ? t("Create an account to book tests and follow your orders.") : t("Sign in to book tests and follow your orders.")}
    >
      <FormAlert toast={result?.toast} />
      <Form method="post" className="grid gap-4" noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name="redirect" value={searchParams.get("redirect") ?? ""} />
        <InputField
          id="email"
          label={t("Email")}
          type="email"
          autoComplete="email"
          required
          defaultValue={searchParams.get("email") ?? ""}
          error={errors.email}
        />
        <InputField
          id="password"
          label={t("Password")}
          type="password"
          autoComplete={signingUp ? "new-password" : "current-password"}
          required
          minLength={signingUp ? MIN_PASSWORD_LENGTH : undefined}
          error={errors.password}
          hint={signingUp ? t(PASSWORD_RULE) : undefined}
        />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? t("Please wait...") : signingUp ? t("Create Account") : t("Sign In")}
        </Button>
      </Form>
      <div className="mt-6 grid gap-2 text-center text-sm">
        <p>
          {signingUp ? t("Already have an account? ") : t("Don't have an account? ")}
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
            {signingUp ? t("Sign in") : t("Create an account")}
          </Link>
        </p>
        {!signingUp ? (
          <Link to="/auth/forgot-password" className="text-muted-foreground underline underline-offset-4">
            {t("Forgot your password?")}
          </Link>
        ) : null}
      </div>
    </AccountFormCard>
  );
}
