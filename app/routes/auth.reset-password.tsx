import { APIError } from "better-auth/api";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/auth.reset-password";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { getAuth } from "~/modules/accounts/better-auth.server";
import { MIN_PASSWORD_LENGTH, PASSWORD_RULE } from "~/modules/accounts/password-rule";
import { ResetPasswordSchema } from "~/modules/accounts/schemas";
import { readForm } from "~/utils/request-body.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | LabTest Hub" },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", invalid: url.searchParams.get("error") === "INVALID_TOKEN" };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = ResetPasswordSchema.safeParse(await readForm(request));
  if (!parsed.success) {
    return data({ fieldErrors: parsed.error.flatten().fieldErrors, message: null }, { status: 400 });
  }
  try {
    await getAuth().api.resetPassword({ body: { newPassword: parsed.data.password, token: parsed.data.token } });
  } catch (error) {
    const message = error instanceof APIError ? (error.body?.message ?? error.message) : "Could not reset the password.";
    return data({ fieldErrors: null, message }, { status: 400 });
  }
  return redirectWithToast("/auth?mode=sign-in", {
    type: "success",
    title: "Password updated",
    description: "Sign in with your new password.",
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const unusable = loaderData.invalid || !loaderData.token;
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">Choose a new password</CardTitle>
        </CardHeader>
        <CardContent>
          {unusable ? (
            <p role="alert" className="text-sm">
              This reset link is invalid or has expired.{" "}
              <Link to="/auth/forgot-password" className="text-primary underline">
                Ask for a new one
              </Link>
              .
            </p>
          ) : (
            <Form method="post" className="grid gap-4" noValidate>
              {actionData?.message ? (
                <p role="alert" className="text-sm text-destructive">
                  {actionData.message}
                </p>
              ) : null}
              <input type="hidden" name="token" value={loaderData.token} />
              <Field id="password" label="New password" error={actionData?.fieldErrors?.password} hint={PASSWORD_RULE}>
                <Input
                  id="password"
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={MIN_PASSWORD_LENGTH}
                  aria-invalid={actionData?.fieldErrors?.password ? true : undefined}
                  aria-describedby={actionData?.fieldErrors?.password ? "password-error" : "password-hint"}
                />
              </Field>
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Save new password"}
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
