import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/auth.forgot-password";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { ForgotPasswordSchema } from "~/modules/accounts/schemas";
import { readForm } from "~/utils/request-body.server";

export const meta: Route.MetaFunction = () => [
  { title: "Reset your password | LabTest Hub" },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = ForgotPasswordSchema.safeParse(await readForm(request));
  if (!parsed.success) {
    return data({ sent: false, fieldErrors: parsed.error.flatten().fieldErrors, message: null }, { status: 400 });
  }
  const outcome = await requestPasswordReset(request, context.clientAddress, parsed.data.email);
  if (!outcome.ok) return data({ sent: false, fieldErrors: null, message: outcome.message }, { status: 429 });
  return { sent: true, fieldErrors: null, message: null };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">Reset your password</CardTitle>
          <CardDescription>We will e-mail you a link to choose a new password.</CardDescription>
        </CardHeader>
        <CardContent>
          {actionData?.sent ? (
            <p role="status" className="rounded-md bg-accent p-3 text-sm">
              If an account exists for that address, a reset link is on its way. It is valid for one hour.
            </p>
          ) : (
            <Form method="post" className="grid gap-4" noValidate>
              {actionData?.message ? (
                <p role="alert" className="text-sm text-destructive">
                  {actionData.message}
                </p>
              ) : null}
              <Field id="email" label="Email" error={actionData?.fieldErrors?.email}>
                <Input
                  id="email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  aria-invalid={actionData?.fieldErrors?.email ? true : undefined}
                  aria-describedby={actionData?.fieldErrors?.email ? "email-error" : undefined}
                />
              </Field>
              <Button type="submit" disabled={busy}>
                {busy ? "Sending..." : "Send reset link"}
              </Button>
            </Form>
          )}
          <p className="mt-6 text-center text-sm">
            <Link to="/auth?mode=sign-in" className="text-primary underline underline-offset-4">
              Back to sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
