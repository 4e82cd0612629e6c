import { CheckCircle2 } from "~/components/ui/icons";
import { useTranslation } from "~/i18n/use-translation";
import { redirect } from "react-router";
import type { Route } from "./+types/payment-success";
import { Card } from "~/components/ui/card";
import { cardProvider } from "~/modules/payments/card-provider.server";
import { confirmPayment } from "~/modules/payments/confirm-payment.server";
import { OrderDoneLinks } from "~/modules/checkout/order-done-links";
import { OrderVisits } from "~/modules/checkout/order-visits";
import { findOwnOrder } from "~/modules/orders/find-order.server";
import { cartLinesForUser } from "~/modules/cart/cart.server";
import { getUser, requireUser } from "~/modules/accounts/guards.server";
import { logger } from "~/utils/logger.server";
import { redirectWithToast } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/seo/private-paths";
import { getProfile } from "~/modules/accounts/profile.server";
import { translatorFor } from "~/i18n/i18n";
import { languageOfRequest, serverT } from "~/i18n/i18n.server";
import { languageOfPath, localizePath } from "~/i18n/languages";
import { useFormat } from "~/i18n/use-format";

export const meta: Route.MetaFunction = ({ location }) => privatePageMeta(translatorFor(languageOfPath(location.pathname), "checkout")("Payment"));

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
  const url = new URL(request.url);
  const params = url.searchParams;
  // The card page returns to one address; a signed-in customer who chose Arabic continues in Arabic.
  const visitor = await getUser(request);
  if (visitor && languageOfRequest(request) === "en" && (await getProfile(visitor.id))?.language === "ar") {
    throw redirect(localizePath(url.pathname + url.search, "ar"));
  }
  const language = languageOfRequest(request);
  const t = serverT(language, "checkout");
  const site = (path: string) => localizePath(path, language);
  if (params.get("canceled") === "true") {
    // A card payment started from Book This Test leaves the cart as it was, often empty: that
    // patient goes back to the order waiting for payment, not to an empty checkout.
    const fromCart = !visitor || (await cartLinesForUser(visitor.id)).length > 0;
    throw await redirectWithToast(site(fromCart ? "/checkout" : "/dashboard"), {
      type: "info",
      title: t("Payment Canceled"),
      description: fromCart
        ? t("Your payment was canceled. Your cart is still here.")
        : t("Your payment was canceled and nothing was charged. Your booking waits for payment in Order History, where you can pay or cancel it."),
    });
  }
  const sessionId = params.get("session_id");
  if (params.get("success") !== "true" || !sessionId) throw redirect(site("/cart"));
  // Only confirming a payment needs its owner, signed in.
  const user = visitor ?? (await requireUser(request));

  let confirmed: Awaited<ReturnType<typeof confirmedOrder>>;
  try {
    confirmed = await confirmedOrder(sessionId, user.id);
  } catch (error) {
    logger.warn({ err: error, userId: user.id, sessionId }, "payment confirmation failed");
    throw await redirectWithToast(site("/cart"), {
      type: "error",
      title: t("Payment Confirmation Error"),
      description: t("We could not confirm your payment. If you were charged, please contact support."),
    });
  }
  const { order, refundReason } = confirmed;
  if (!order) {
    throw await redirectWithToast(site("/dashboard"), {
      type: "info",
      title: t("Payment Refunded"),
      description: t(REFUNDED_BECAUSE[refundReason ?? "late_payment"]),
    });
  }
  return { order };
}

export default function PaymentSuccessPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const { t } = useTranslation("checkout");
  const format = useFormat();
  // The order's code and the amount are isolated inside the Arabic sentence (as <bdi> would; the key has no tags).
  const isolate = (text: string) => (format.language === "en" ? text : `\u2068${text}\u2069`);
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card>
        <div className="flex flex-col items-center gap-4 px-6 py-10 text-center">
          <CheckCircle2 className="size-12 text-primary" aria-hidden />
          <h1 className="text-2xl font-bold">{t("Payment Successful!")}</h1>
          <p className="text-muted-foreground">
            {t("Order {{order}} · {{total}} is paid. Each booking's status is below and in your dashboard.", {
              order: isolate(order.id.slice(0, 8)),
              total: isolate(format.money(order.totalAmountFils)),
            })}
          </p>
          <OrderVisits visits={order.visits} />
          <OrderDoneLinks />
        </div>
      </Card>
    </div>
  );
}
