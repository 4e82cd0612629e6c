import { data } from "react-router";
import { z } from "zod";
import { getEnv } from "~/utils/env.server";
import { findDemoSession, returnPaths, settleDemoSession } from "~/modules/payments/card-provider.server";
import { localizePath } from "~/i18n/languages";

const CLOSED_ORDER = "This order was cancelled or replaced by a newer order, so it can no longer be paid.";

type OwnSession = NonNullable<Awaited<ReturnType<typeof findDemoSession>>>;

/** The demo provider exists only where demo payments are allowed (never silently in production). */
export function requireDemoPayments() {
  if (!getEnv().demoPayments) throw data("Demo payments are disabled", { status: 404 });
}

/** A session left unpaid whose order was closed meanwhile (its Pay button is refused). */
const closedOrder = (session: OwnSession) =>
  !session.orderOpen && session.status !== "paid" && session.status !== "refunded" ? CLOSED_ORDER : null;

/** The signed-in customer's own session; anyone else's is "not found". */
async function ownSession(userId: string, sessionId: string) {
  const session = await findDemoSession(sessionId, userId);
  if (!session) throw data("Checkout session not found", { status: 404 });
  return session;
}

/** What the demo card page shows: the amount, the session's status, and why it cannot be paid. */
export async function demoCheckoutPage(userId: string, sessionId: string) {
  const session = await ownSession(userId, sessionId);
  return {
    session: { id: session.id, amountFils: session.amountFils, status: session.status, open: session.status === "open" },
    closedOrder: closedOrder(session),
  };
}

const IntentSchema = z.object({ intent: z.enum(["pay", "cancel"]) });

/**
 * The page's Pay or Cancel (form fields): where the browser goes next (the payment return page,
 * paid or canceled, in the checkout's language), or the refusal to show when the order was closed meanwhile.
 */
export async function settleDemoCheckout(userId: string, sessionId: string, form: Record<string, unknown>) {
  await ownSession(userId, sessionId);
  const parsed = IntentSchema.safeParse(form);
  if (!parsed.success) throw data("Choose Pay or Cancel", { status: 400 });
  const { intent } = parsed.data;
  await settleDemoSession(sessionId, intent === "pay" ? "paid" : "canceled");
  const session = await ownSession(userId, sessionId);
  if (session.status === "paid") {
    return { redirectTo: localizePath(returnPaths.paid(session.id), session.language) } as const;
  }
  const refused = intent === "pay" ? closedOrder(session) : null;
  if (refused) return { refused } as const;
  // Back to the payment return page in the language the order was placed in.
  return { redirectTo: localizePath(returnPaths.canceled, session.language) } as const;
}
