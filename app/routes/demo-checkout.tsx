import { CreditCard } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/demo-checkout";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { openDemoSession, settleDemoSession } from "~/modules/payments/card-provider.server";
import { getEnv } from "~/utils/env.server";
import { formatAed } from "~/utils/money";

export const meta: Route.MetaFunction = () => [
  { title: "Demo card payment | LabTest Hub" },
  { name: "robots", content: "noindex" },
];

/** The demo provider exists only where demo payments are allowed (never silently in production). */
function requireDemoPayments() {
  if (!getEnv().demoPayments) throw data("Demo payments are disabled", { status: 404 });
}

export async function loader({ params }: Route.LoaderArgs) {
  requireDemoPayments();
  const session = await openDemoSession(params.sessionId);
  if (!session) throw data("Checkout session not found", { status: 404 });
  return { session: { id: session.id, amountFils: session.amountFils, status: session.status } };
}

export async function action({ request, params }: Route.ActionArgs) {
  requireDemoPayments();
  const { intent } = z.object({ intent: z.enum(["pay", "cancel"]) }).parse(Object.fromEntries(await request.formData()));
  const settled = await settleDemoSession(params.sessionId, intent === "pay" ? "paid" : "canceled");
  const session = settled ?? (await openDemoSession(params.sessionId));
  if (!session) throw data("Checkout session not found", { status: 404 });
  if (session.status === "paid") {
    throw redirect(`/payment-success?success=true&session_id=${encodeURIComponent(session.id)}`);
  }
  throw redirect("/payment-success?canceled=true");
}

export default function DemoCheckoutPage({ loaderData }: Route.ComponentProps) {
  const { session } = loaderData;
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
          {session.status !== "open" ? (
            <p role="status">This checkout session is already {session.status}.</p>
          ) : (
            <p>Choose Pay to simulate a successful card payment, or Cancel to return to checkout.</p>
          )}
        </CardContent>
        <CardFooter>
          <Form method="post" className="flex w-full flex-wrap justify-end gap-2">
            <Button type="submit" name="intent" value="cancel" variant="outline">
              Cancel
            </Button>
            <Button type="submit" name="intent" value="pay">
              Pay {formatAed(session.amountFils)}
            </Button>
          </Form>
        </CardFooter>
      </Card>
    </div>
  );
}
