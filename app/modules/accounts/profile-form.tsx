import { Form, useNavigation } from "react-router";
import { FormFooter } from "~/components/form-footer";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { InputField } from "~/components/ui/input-field";
import type { FieldErrors } from "~/utils/form-result";
import { CsrfField } from "~/components/csrf-field";

type Profile = { firstName: string | null; lastName: string | null; phone: string | null } | null;

/** The signed-in customer's name and phone, with Cancel back to the dashboard. */
export function ProfileForm({ profile, errors }: { profile: Profile; errors: FieldErrors }) {
  const saving = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold">Edit Profile</h1>
        </CardHeader>
        <Form method="post" noValidate>
          <CsrfField />
          <CardContent className="grid gap-4">
            <InputField id="firstName" label="First Name" autoComplete="given-name" maxLength={100} defaultValue={profile?.firstName ?? ""} error={errors.firstName} />
            <InputField id="lastName" label="Last Name" autoComplete="family-name" maxLength={100} defaultValue={profile?.lastName ?? ""} error={errors.lastName} />
            <InputField id="phone" label="Phone" type="tel" autoComplete="tel" maxLength={30} defaultValue={profile?.phone ?? ""} error={errors.phone} />
          </CardContent>
          <FormFooter backTo="/dashboard" backLabel="Cancel" submitLabel="Save Changes" busy={saving} busyLabel="Saving..." />
        </Form>
      </Card>
    </div>
  );
}
