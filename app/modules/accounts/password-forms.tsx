import { useTranslation } from "~/i18n/use-translation";
import { useNavigation } from "react-router";
import { Form, Link } from "~/i18n/link";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/input-field";
import { AccountFormCard } from "~/modules/accounts/account-form-card";
import { MIN_PASSWORD_LENGTH, PASSWORD_RULE } from "~/modules/accounts/password-rule";
import { useFormResult, type FormResult } from "~/utils/form-result";
import { CsrfField } from "~/components/csrf-field";

/** Asks for the address to mail a reset link to; once sent, says so without telling whether the account exists. */
export function ForgotPasswordForm({ result }: { result: FormResult | undefined }) {
  const busy = useNavigation().state === "submitting";
  const errors = useFormResult(result);
  const { t } = useTranslation("account");
  return (
    <AccountFormCard title={t("Reset your password")} description={t("We will e-mail you a link to choose a new password.")}>
      {result?.ok ? (
        <div role="status" className="grid gap-2 rounded-md bg-accent p-3 text-sm">
          <p>{t("If an account exists for that address, a reset link is on its way. It is valid for one hour.")}</p>
          <p>{t("A link already sent stays valid for its hour: asking again does not send another.")}</p>
        </div>
      ) : (
        <>
          <FormAlert toast={result?.toast} />
          <Form method="post" className="grid gap-4" noValidate>
            <CsrfField />
            <InputField id="email" label={t("Email")} type="email" autoComplete="email" required error={errors.email} />
            <Button type="submit" disabled={busy}>
              {busy ? t("Sending...") : t("Send reset link")}
            </Button>
          </Form>
        </>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/auth?mode=sign-in" className="text-primary underline underline-offset-4">
          {t("Back to sign in")}
        </Link>
      </p>
    </AccountFormCard>
  );
}

/** Chooses a new password with the mailed link's token; an unusable link offers to ask for a new one. */
export function ResetPasswordForm({ token, invalid, result }: { token: string; invalid: boolean; result: FormResult | undefined }) {
  const busy = useNavigation().state === "submitting";
  const errors = useFormResult(result);
  const { t } = useTranslation("account");
  return (
    <AccountFormCard title={t("Choose a new password")}>
      {invalid || !token ? (
        <p role="alert" className="text-sm">
          {t("This reset link is invalid or has expired.")}{" "}
          <Link to="/auth/forgot-password" className="text-primary underline">
            {t("Ask for a new one")}
          </Link>
          .
        </p>
      ) : (
        <>
          <FormAlert toast={result?.toast} />
          <Form method="post" className="grid gap-4" noValidate>
            <CsrfField />
            <input type="hidden" name="token" value={token} />
            <InputField
              id="password"
              label={t("New password")}
              type="password"
              autoComplete="new-password"
              required
              minLength={MIN_PASSWORD_LENGTH}
              error={errors.password}
              hint={t(PASSWORD_RULE)}
            />
            <Button type="submit" disabled={busy}>
              {busy ? t("Saving...") : t("Save new password")}
            </Button>
          </Form>
        </>
      )}
    </AccountFormCard>
  );
}
