import { CheckCircle2 } from "lucide-react";
import { redirect } from "react-router";
import type { Route } from "./+types/payment-success";
import { Card, CardContent } from "~/components/ui/card";
import { cardProvider } from "~/modules/payments/card-provider.server";
import { confirmPayment } from "~/modules/payments/confirm-payment.server";
import { OrderDoneLinks } from "~/modules/checkout/order-done-links";
import { findOwnOrder } from "~/modules/orders/find-order.server";
import { requireUser } from "~/modules/accounts/guards.server";
import { logger } from "~/utils/logger.server";
import { formatAed } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/seo/private-paths";

export const meta: Route.MetaFunction = () => privatePageMeta("Payment");

/** The paid order, or why the payment was refunded instead (the order was closed, or its slot was taken). */
async function confirmedOrder(sessionId: string, userId: string) {
  const confirmation = await confirmPayment(cardProvider(), sessionId, userId);
  if (confirmation.refunded) return { order: null, refundReason: confirmation.refundReason } as const;
  const order = await findOwnOrder(userId, confirmation.orderId);
  if (!order) throw new Error("Confirmed order not found");
  return { order, refundReason: null } as const;
}

const REFUNDED_BECAUSE = {
  late_payment: "This order was cancelled or replaced before your payment arrived, so your payment has been refunded.",
  slot_unavailable:
    "Your payment arrived after the 15-minute hold on your time slot ended, and the slot has been taken meanwhile, so your payment has been refunded. Please book another time.",
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (params.get("canceled") === "true") {
    throw await redirectWithToast("/checkout", {
      type: "info",
      title: "Payment Canceled",
      description: "Your payment was canceled. Your cart is still here.",
    });
  }
  const sessionId = params.get("session_id");
  if (params.get("success") !== "true" || !sessionId) throw redirect("/cart");

  const user = await requireUser(request);
  let confirmed: Awaited<ReturnType<typeof confirmedOrder>>;
  try {
    confirmed = await confirmedOrder(sessionId, user.id);
  } catch (error) {
    logger.warn({ err: error, userId: user.id, sessionId }, "payment confirmation failed");
    throw await redirectWithToast("/cart", {
      type: "error",
      title: "Payment Confirmation Error",
      description: "We could not confirm your payment. If you were charged, please contact support.",
    });
  }
  const { order, refundReason } = confirmed;
  if (!order) {
    throw await redirectWithToast("/dashboard", {
      type: "info",
      title: "Payment Refunded",
      description: REFUNDED_BECAUSE[refundReason ?? "late_payment"],
    });
  }
  return { order };
}

export default function PaymentSuccessPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
          <CheckCircle2 className="size-12 text-primary" aria-hidden />
          <h1 className="text-2xl font-bold">Payment Successful!</h1>
          <p className="text-muted-foreground">
            Order {order.id.slice(0, 8)} · {formatAed(order.totalAmountFils)} is paid. Your bookings are confirmed in
            your dashboard.
          </p>
          <OrderDoneLinks />
        </CardContent>
      </Card>
    </div>
  );
}
