import { CreditCard } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/demo-checkout";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { findDemoSession, settleDemoSession } from "~/modules/payments/card-provider.server";
import { requireUser } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";
import { formatAed } from "~/utils/money";
import { readForm } from "~/utils/request-body.server";

export const meta: Route.MetaFunction = () => [
  { title: "Demo card payment | LabTest Hub" },
  { name: "robots", content: "noindex" },
];

/** The demo provider exists only where demo payments are allowed (never silently in production). */
function requireDemoPayments() {
  if (!getEnv().demoPayments) throw data("Demo payments are disabled", { status: 404 });
}

const CLOSED_ORDER = "This order was cancelled or replaced by a newer order, so it can no longer be paid.";

type OwnSession = NonNullable<Awaited<ReturnType<typeof findDemoSession>>>;

/** A session left unpaid whose order was closed meanwhile (its Pay button is refused). */
const closedOrder = (session: OwnSession) =>
  !session.orderOpen && session.status !== "paid" && session.status !== "refunded" ? CLOSED_ORDER : null;

/** The signed-in customer's own session; anyone else's is "not found". */
async function ownSession(userId: string, sessionId: string) {
  const session = await findDemoSession(sessionId, userId);
  if (!session) throw data("Checkout session not found", { status: 404 });
  return session;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  requireDemoPayments();
  const user = await requireUser(request);
  const session = await ownSession(user.id, params.sessionId);
  return {
    session: { id: session.id, amountFils: session.amountFils, status: session.status },
    closedOrder: closedOrder(session),
  };
}

const IntentSchema = z.object({ intent: z.enum(["pay", "cancel"]) });

export async function action({ request, params }: Route.ActionArgs) {
  requireDemoPayments();
  const user = await requireUser(request);
  await ownSession(user.id, params.sessionId);
  const parsed = IntentSchema.safeParse(await readForm(request));
  if (!parsed.success) throw data("Choose Pay or Cancel", { status: 400 });
  const { intent } = parsed.data;
  await settleDemoSession(params.sessionId, intent === "pay" ? "paid" : "canceled");
  const session = await ownSession(user.id, params.sessionId);
  if (session.status === "paid") {
    throw redirect(`/payment-success?success=true&session_id=${encodeURIComponent(session.id)}`);
  }
  const refused = intent === "pay" ? closedOrder(session) : null;
  if (refused) return data({ error: refused }, { status: 409 });
  throw redirect("/payment-success?canceled=true");
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
          ) : session.status !== "open" ? (
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
