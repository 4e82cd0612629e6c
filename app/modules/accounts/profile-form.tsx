import { useTranslation } from "~/i18n/use-translation";
import { useNavigation } from "react-router";
import { Field } from "~/components/ui/field";
import { Form } from "~/i18n/link";
import { useLanguage } from "~/i18n/use-language";
import { FormFooter } from "~/components/form-footer";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { InputField } from "~/components/ui/input-field";
import type { FieldErrors } from "~/utils/form-result";
import { CsrfField } from "~/components/csrf-field";

type Profile = { firstName: string | null; lastName: string | null; phone: string | null; language: "en" | "ar" } | null;

/** The signed-in customer's name and phone, with Cancel back to the dashboard. */
export function ProfileForm({ profile, errors }: { profile: Profile; errors: FieldErrors }) {
  const { t } = useTranslation("account");
  const pageLanguage = useLanguage();
  const saving = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold">{t("Edit Profile")}</h1>
        </CardHeader>
        <Form method="post" noValidate>
          <CsrfField />
          <CardContent className="grid gap-4">
            <InputField id="firstName" label={t("First Name")} autoComplete="given-name" maxLength={100} defaultValue={profile?.firstName ?? ""} error={errors.firstName} />
            <InputField id="lastName" label={t("Last Name")} autoComplete="family-name" maxLength={100} defaultValue={profile?.lastName ?? ""} error={errors.lastName} />
            <InputField id="phone" label={t("Phone")} type="tel" autoComplete="tel" maxLength={30} defaultValue={profile?.phone ?? ""} error={errors.phone} />
            <Field id="language" label={t("E-mail language")} error={errors.language}>
              <select
                id="language"
                name="language"
                defaultValue={profile?.language ?? pageLanguage}
                className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
              >
                <option value="en" lang="en">English</option>
                <option value="ar" lang="ar">العربية</option>
              </select>
            </Field>
          </CardContent>
          <FormFooter backTo="/dashboard" backLabel={t("Cancel")} submitLabel={t("Save Changes")} busy={saving} busyLabel={t("Saving...")} />
        </Form>
      </Card>
    </div>
  );
}
