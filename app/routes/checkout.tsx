import { useEffect } from "react";
import { data, Link, redirect } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import type { Route } from "./+types/checkout";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { getProfile } from "~/modules/accounts/profile.server";
import { fieldErrors, PatientDetailsSchema } from "~/modules/booking/schemas";
import { cartLinesForUser } from "~/modules/cart/cart.server";
import { usePricedCart } from "~/modules/cart/use-priced-cart";
import {
  forgetCheckoutDetails,
  readCheckoutDetails,
  saveCheckoutDetails,
} from "~/modules/checkout/checkout-details.server";
import {
  CHECKOUT_STEPS,
  CheckoutProgress,
  ConfirmationStep,
  DetailsStep,
  OrderLinesSummary,
  PaymentStep,
} from "~/modules/checkout/checkout-steps";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { findOwnOrder } from "~/modules/orders/find-order.server";
import { EmptyCartError } from "~/modules/orders/order-lines.server";
import { cardProvider } from "~/modules/payments/card-provider.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { getUser, requireUser } from "~/utils/auth.server";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/request-body.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: Route.MetaFunction = () => [
  { title: "Checkout | LabTest Hub" },
  { name: "robots", content: "noindex" },
];

const StepSchema = z.enum(CHECKOUT_STEPS).catch("review");
const PaymentSchema = z.object({ paymentMethod: z.enum(["card", "cash_on_delivery"]) });

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const step = StepSchema.parse(url.searchParams.get("step") ?? "review");
  if (step === "review") return { step } as const;

  const user = await getUser(request);
  if (!user) {
    throw await redirectWithToast(`/auth?redirect=${encodeURIComponent(url.pathname + url.search)}`, {
      type: "info",
      title: "Authentication Required",
      description: "Please sign in or create an account to continue to checkout",
    });
  }
  if (step === "details") {
    const saved = await readCheckoutDetails(request);
    const profile = await getProfile(user.id);
    const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ");
    return {
      step,
      values: saved ?? { patientName: name, patientEmail: user.email, patientPhone: profile?.phone ?? "" },
    } as const;
  }
  if (step === "payment") {
    const details = await readCheckoutDetails(request);
    if (!details) throw redirect("/checkout?step=details");
    const lines = await cartLinesForUser(user.id);
    if (lines.length === 0) throw redirect("/cart");
    return { step, details, lines } as const;
  }
  const orderId = z.uuid().safeParse(url.searchParams.get("order"));
  const order = orderId.success ? await findOwnOrder(user.id, orderId.data) : null;
  if (!order) throw data("Order not found", { status: 404 });
  return { step, order } as const;
}

const orderError = { title: "Order Error", description: "Failed to place order. Please try again." };
const paymentError = { title: "Payment Error", description: "Failed to process payment. Please try again." };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);

  if (form.intent === "details") {
    const parsed = PatientDetailsSchema.safeParse(form);
    if (!parsed.success) {
      return data({ errors: fieldErrors(parsed.error), values: form as Record<string, string>, toast: null }, { status: 400 });
    }
    throw redirect("/checkout?step=payment", { headers: { "Set-Cookie": await saveCheckoutDetails(parsed.data) } });
  }

  const details = await readCheckoutDetails(request);
  if (!details) throw redirect("/checkout?step=details");
  const payment = PaymentSchema.safeParse(form);
  if (!payment.success) return data({ errors: null, values: null, toast: paymentError }, { status: 400 });

  if (payment.data.paymentMethod === "cash_on_delivery") {
    try {
      const order = await placeCashOnDeliveryOrder(user.id, details);
      throw redirect(`/checkout?step=confirmation&order=${order.id}`, {
        headers: { "Set-Cookie": await forgetCheckoutDetails(request) },
      });
    } catch (error) {
      if (error instanceof Response) throw error;
      if (!(error instanceof EmptyCartError)) logger.error({ err: error, userId: user.id }, "placing an order failed");
      return data({ errors: null, values: null, toast: orderError }, { status: error instanceof EmptyCartError ? 409 : 500 });
    }
  }

  let url: string;
  try {
    ({ url } = await startCardPayment(cardProvider(), user.id, details));
  } catch (error) {
    if (!(error instanceof EmptyCartError)) logger.error({ err: error, userId: user.id }, "starting a card payment failed");
    return data({ errors: null, values: null, toast: paymentError }, { status: error instanceof EmptyCartError ? 409 : 502 });
  }
  throw redirect(url, { headers: { "Set-Cookie": await forgetCheckoutDetails(request) } });
}

function ReviewStep() {
  const cart = usePricedCart();
  if (cart.pricing) return <Skeleton className="h-40 w-full" />;
  if (cart.pricedLines.length === 0) {
    return (
      <div className="grid justify-items-start gap-4">
        <p>Your cart is empty.</p>
        <Button asChild>
          <Link to="/search">Browse Tests</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <OrderLinesSummary lines={cart.pricedLines} />
      <div className="flex flex-wrap justify-between gap-2">
        <Button asChild variant="outline">
          <Link to="/cart">Back to Cart</Link>
        </Button>
        <Button asChild>
          <Link to="/checkout?step=details">Continue to Details</Link>
        </Button>
      </div>
    </div>
  );
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    if (actionData?.toast) toast.error(actionData.toast.title, { description: actionData.toast.description });
  }, [actionData]);

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <CheckoutProgress step={loaderData.step} />
      {loaderData.step === "review" ? <ReviewStep /> : null}
      {loaderData.step === "details" ? (
        <DetailsStep values={actionData?.values ?? loaderData.values} errors={actionData?.errors ?? undefined} />
      ) : null}
      {loaderData.step === "payment" ? (
        <>
          <OrderLinesSummary lines={loaderData.lines} />
          <PaymentStep details={loaderData.details} />
        </>
      ) : null}
      {loaderData.step === "confirmation" ? <ConfirmationStep order={loaderData.order} /> : null}
    </div>
  );
}
