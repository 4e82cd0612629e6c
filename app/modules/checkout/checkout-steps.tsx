import { CheckCircle2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { formatBookingDate } from "~/utils/dubai-date";
import { PatientDetailsFields, type PatientDetailsValues } from "~/modules/booking/patient-details-fields";
import type { PatientDetails, PatientDetailsErrors } from "~/modules/booking/schemas";
import { cartTotalFils, type CartLine } from "~/modules/cart/cart-line";
import { formatAed } from "~/utils/money";
import { OrderDoneLinks } from "~/modules/checkout/order-done-links";

export const CHECKOUT_STEPS = ["review", "details", "payment", "confirmation"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export function CheckoutProgress({ step }: { step: CheckoutStep }) {
  const labels: Record<CheckoutStep, string> = {
    review: "Review",
    details: "Details",
    payment: "Payment",
    confirmation: "Confirmation",
  };
  const index = CHECKOUT_STEPS.indexOf(step);
  return (
    <ol className="flex flex-wrap gap-2 text-sm" aria-label="Checkout steps">
      {CHECKOUT_STEPS.map((name, i) => (
        <li
          key={name}
          aria-current={name === step ? "step" : undefined}
          className={i <= index ? "rounded-full bg-primary px-3 py-1 text-primary-foreground" : "rounded-full bg-muted px-3 py-1"}
        >
          {i + 1}. {labels[name]}
        </li>
      ))}
    </ol>
  );
}

export function OrderLinesSummary({ lines }: { lines: CartLine[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <ul className="grid gap-2">
          {lines.map((line) => (
            <li key={line.test_id} className="flex justify-between gap-4">
              <span>
                {line.name} × {line.quantity}
              </span>
              <span className="whitespace-nowrap tabular-nums">{formatAed(line.price * line.quantity)}</span>
            </li>
          ))}
        </ul>
        <p className="flex justify-between border-t pt-2 text-base font-semibold">
          <span>Total</span>
          <span data-testid="checkout-total">{formatAed(cartTotalFils(lines))}</span>
        </p>
      </CardContent>
    </Card>
  );
}

export function DetailsStep({ values, errors }: { values: PatientDetailsValues; errors?: PatientDetailsErrors }) {
  const navigation = useNavigation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Patient Details</CardTitle>
      </CardHeader>
      <Form method="post" action="/checkout?step=details" noValidate>
        <input type="hidden" name="intent" value="details" />
        <CardContent>
          <PatientDetailsFields idPrefix="checkout" values={values} errors={errors} />
        </CardContent>
        <CardFooter className="flex flex-wrap justify-between gap-2">
          <Button asChild variant="outline">
            <Link to="/checkout">Back</Link>
          </Button>
          <Button type="submit" disabled={navigation.state === "submitting"}>
            Continue to Payment
          </Button>
        </CardFooter>
      </Form>
    </Card>
  );
}

export function PaymentStep({ details }: { details: PatientDetails }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment</CardTitle>
      </CardHeader>
      <Form method="post" action="/checkout?step=payment">
        <input type="hidden" name="intent" value="pay" />
        <CardContent className="grid gap-4">
          <dl className="grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="text-muted-foreground">Patient</dt>
            <dd>{details.patientName}</dd>
            <dt className="text-muted-foreground">Email</dt>
            <dd>{details.patientEmail}</dd>
            <dt className="text-muted-foreground">Appointment</dt>
            <dd>
              {formatBookingDate(details.scheduledDate)} at {details.scheduledTime}
            </dd>
          </dl>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium">Payment method</legend>
            <label className="flex items-center gap-3 rounded-md border p-3 has-checked:border-primary">
              <input type="radio" name="paymentMethod" value="card" defaultChecked className="size-4" />
              <span>
                <span className="block font-medium">Pay by Card</span>
                <span className="text-sm text-muted-foreground">Secure payment on the card provider&apos;s page</span>
              </span>
            </label>
            <label className="flex items-center gap-3 rounded-md border p-3 has-checked:border-primary">
              <input type="radio" name="paymentMethod" value="cash_on_delivery" className="size-4" />
              <span>
                <span className="block font-medium">Cash on Delivery</span>
                <span className="text-sm text-muted-foreground">Pay when the sample is collected</span>
              </span>
            </label>
          </fieldset>
        </CardContent>
        <CardFooter className="flex flex-wrap justify-between gap-2">
          <Button asChild variant="outline">
            <Link to="/checkout?step=details">Back</Link>
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Processing..." : "Place Order"}
          </Button>
        </CardFooter>
      </Form>
    </Card>
  );
}

export function ConfirmationStep({ order }: { order: { id: string; totalAmountFils: number } }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        <CheckCircle2 className="size-12 text-primary" aria-hidden />
        <h2 className="text-2xl font-bold">Order Placed Successfully!</h2>
        <p className="text-muted-foreground">
          Order {order.id.slice(0, 8)} · {formatAed(order.totalAmountFils)} · Cash on delivery. We will contact you to
          confirm your appointment.
        </p>
        <OrderDoneLinks />
      </CardContent>
    </Card>
  );
}
