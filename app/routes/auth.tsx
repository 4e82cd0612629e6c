import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/auth";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { MIN_PASSWORD_LENGTH, PASSWORD_RULE } from "~/modules/accounts/password-rule";
import { AuthFormSchema } from "~/modules/accounts/schemas";
import { signIn, signUp } from "~/modules/accounts/sign-in.server";
import { getUser, isAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/request-body.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { toastCookie } from "~/utils/toast.server";

type Mode = "sign-up" | "sign-in";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in or create an account | LabTest Hub" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  const url = new URL(request.url);
  if (user) {
    throw redirect(safeRedirectPath(url.searchParams.get("redirect")) ?? (user.isAdmin ? "/admin/dashboard" : "/dashboard"));
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = AuthFormSchema.safeParse(form);
  if (!parsed.success) {
    return data(
      { fieldErrors: parsed.error.flatten().fieldErrors, toast: null, switchTo: null },
      { status: 400 },
    );
  }
  const { intent, email, password, redirect: redirectParam } = parsed.data;
  const { clientAddress } = context;
  const outcome =
    intent === "sign-up"
      ? await signUp(request, clientAddress, email, password)
      : await signIn(request, clientAddress, email, password);

  if (!outcome.ok) {
    if (outcome.error === "exists") {
      return data(
        {
          fieldErrors: null,
          switchTo: "sign-in" as Mode,
          toast: {
            title: "Account already exists",
            description: "An account with this email already exists. Please sign in instead.",
          },
        },
        { status: 409 },
      );
    }
    return data(
      { fieldErrors: null, switchTo: null, toast: { title: "Authentication error", description: outcome.message } },
      { status: outcome.error === "rate-limited" ? 429 : 400 },
    );
  }

  const headers = new Headers();
  outcome.headers.getSetCookie().forEach((cookie) => headers.append("Set-Cookie", cookie));

  if (intent === "sign-up") {
    headers.append(
      "Set-Cookie",
      await toastCookie({
        type: "success",
        title: "Account created successfully",
        description: "Please check your email to verify your account.",
      }),
    );
    // With mandatory verification there is no session yet: go to sign in.
    if (!outcome.userId) throw redirect(`/auth?mode=sign-in&email=${encodeURIComponent(email)}`, { headers });
    throw redirect(safeRedirectPath(redirectParam) ?? "/dashboard", { headers });
  }

  const admin = outcome.userId ? await isAdmin(outcome.userId) : false;
  throw redirect(safeRedirectPath(redirectParam) ?? (admin ? "/admin/dashboard" : "/dashboard"), { headers });
}

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(searchParams.get("mode") === "sign-in" ? "sign-in" : "sign-up");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const redirectParam = searchParams.get("redirect") ?? "";

  useEffect(() => {
    if (!actionData?.toast) return;
    if (actionData.switchTo) setMode(actionData.switchTo);
    toast.error(actionData.toast.title, { description: actionData.toast.description });
  }, [actionData]);

  const signingUp = mode === "sign-up";
  const otherMode: Mode = signingUp ? "sign-in" : "sign-up";
  const toggleParams = new URLSearchParams(searchParams);
  toggleParams.set("mode", otherMode);
  const errors = actionData?.fieldErrors;

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-20">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">{signingUp ? "Create an account" : "Welcome back"}</CardTitle>
          <CardDescription>
            {signingUp
              ? "Create an account to book tests and follow your orders."
              : "Sign in to book tests and follow your orders."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {actionData?.toast ? (
            <div role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
              <p className="font-semibold">{actionData.toast.title}</p>
              <p>{actionData.toast.description}</p>
            </div>
          ) : null}
          <Form method="post" className="grid gap-4" noValidate>
            <input type="hidden" name="intent" value={mode} />
            <input type="hidden" name="redirect" value={redirectParam} />
            <Field id="email" label="Email" error={errors?.email}>
              <Input
                id="email"
                name="email"
                type="email"
                autoComplete="email"
                required
                defaultValue={searchParams.get("email") ?? ""}
                aria-invalid={errors?.email ? true : undefined}
                aria-describedby={errors?.email ? "email-error" : undefined}
              />
            </Field>
            <Field id="password" label="Password" error={errors?.password} hint={signingUp ? PASSWORD_RULE : undefined}>
              <Input
                id="password"
                name="password"
                type="password"
                autoComplete={signingUp ? "new-password" : "current-password"}
                required
                minLength={signingUp ? MIN_PASSWORD_LENGTH : undefined}
                aria-invalid={errors?.password ? true : undefined}
                aria-describedby={errors?.password ? "password-error" : signingUp ? "password-hint" : undefined}
              />
            </Field>
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
        </CardContent>
      </Card>
    </div>
  );
}
