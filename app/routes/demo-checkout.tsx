import { CreditCard } from "~/components/ui/icons";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/demo-checkout";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { demoCheckoutPage, requireDemoPayments, settleDemoCheckout } from "~/modules/payments/demo-checkout.server";
import { requireUser } from "~/modules/accounts/guards.server";
import { formatAed } from "~/utils/money";
import { readForm } from "~/utils/request-body.server";
import { privatePageMeta } from "~/modules/seo/private-paths";
import { CsrfField } from "~/components/csrf-field";

export const meta: Route.MetaFunction = () => privatePageMeta("Demo card payment");

export async function loader({ request, params }: Route.LoaderArgs) {
  requireDemoPayments();
  const user = await requireUser(request);
  return demoCheckoutPage(user.id, params.sessionId);
}

export async function action({ request, params }: Route.ActionArgs) {
  requireDemoPayments();
  const user = await requireUser(request);
  const outcome = await settleDemoCheckout(user.id, params.sessionId, await readForm(request));
  if (outcome.refused) return data({ error: outcome.refused }, { status: 409 });
  throw redirect(outcome.redirectTo);
}

export default function DemoCheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { session } = loaderData;
  const refusal = actionData?.error ?? loaderData.closedOrder;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CreditCard className="size-5" aria-hidden /> Demo card payment
          </CardTitle>
          <CardDescription>
            This is the built-in demo payment provider: no card is charged. Amount due:{" "}
            <strong>{formatAed(session.amountFils)}</strong>
          </CardDescription>
        </CardHeader>
        <CardContent>
          {refusal ? (
            <p role="alert">{refusal}</p>
          ) : !session.open ? (
            <p role="status">This checkout session is already {session.status}.</p>
          ) : (
            <p>Choose Pay to simulate a successful card payment, or Cancel to return to checkout.</p>
          )}
        </CardContent>
        <CardFooter>
          {refusal ? (
            <Button asChild variant="outline">
              <Link to="/dashboard">Go to My Dashboard</Link>
            </Button>
          ) : (
            <Form method="post" className="flex w-full flex-wrap justify-end gap-2">
              <CsrfField />
              <Button type="submit" name="intent" value="cancel" variant="outline">
                Cancel
              </Button>
              <Button type="submit" name="intent" value="pay">
                Pay {formatAed(session.amountFils)}
              </Button>
            </Form>
          )}
        </CardFooter>
      </Card>
    </div>
  );
}
