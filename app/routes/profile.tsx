import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/profile";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { getProfile } from "~/modules/accounts/profile.server";
import { ProfileSchema, updateProfile } from "~/modules/accounts/profile-update.server";
import { requireUser } from "~/utils/auth.server";
import { readForm } from "~/utils/request-body.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: Route.MetaFunction = () => [
  { title: "Edit Profile | LabTest Hub" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { profile: await getProfile(user.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = ProfileSchema.safeParse(await readForm(request));
  if (!parsed.success) return data({ errors: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  await updateProfile(user.id, parsed.data);
  throw await redirectWithToast("/dashboard", { type: "success", title: "Profile updated" });
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const errors = actionData?.errors;
  const saving = useNavigation().state === "submitting";
  const invalid = (name: "firstName" | "lastName" | "phone") =>
    errors?.[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold">Edit Profile</h1>
        </CardHeader>
        <Form method="post" noValidate>
          <CardContent className="grid gap-4">
            <Field id="firstName" label="First Name" error={errors?.firstName}>
              <Input id="firstName" name="firstName" autoComplete="given-name" maxLength={100} defaultValue={profile?.firstName ?? ""} {...invalid("firstName")} />
            </Field>
            <Field id="lastName" label="Last Name" error={errors?.lastName}>
              <Input id="lastName" name="lastName" autoComplete="family-name" maxLength={100} defaultValue={profile?.lastName ?? ""} {...invalid("lastName")} />
            </Field>
            <Field id="phone" label="Phone" error={errors?.phone}>
              <Input id="phone" name="phone" type="tel" autoComplete="tel" maxLength={30} defaultValue={profile?.phone ?? ""} {...invalid("phone")} />
            </Field>
          </CardContent>
          <CardFooter className="flex flex-wrap justify-between gap-2">
            <Button asChild variant="outline">
              <Link to="/dashboard">Cancel</Link>
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save Changes"}
            </Button>
          </CardFooter>
        </Form>
      </Card>
    </div>
  );
}
