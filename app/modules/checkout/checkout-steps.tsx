import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormFooter } from "~/components/form-footer";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatBookingDate } from "~/utils/dubai-date";
import { PatientDetailsFields, type PatientDetailsValues } from "~/modules/booking/patient-details-fields";
import type { PatientDetails, PatientDetailsErrors } from "~/modules/booking/schemas";
import type { CartLine } from "~/modules/cart/cart-line";
import { BrowseTestsButton, CartTotalRow } from "~/modules/cart/cart-summary";
import { formatAed } from "~/utils/money";
import { OrderDoneLinks } from "~/modules/checkout/order-done-links";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "~/modules/checkout/payment-method";
import { usePricedCart } from "~/modules/cart/use-priced-cart";
import { Skeleton } from "~/components/ui/skeleton";
import { DEFAULT_BOOKING_TIME } from "~/utils/dubai-date";
import type { FieldErrors } from "~/utils/form-result";
import { CheckoutLineChoices } from "~/modules/checkout/checkout-line-choices";
import type { CheckoutLineView } from "~/modules/checkout/line-choices";
import { CsrfField } from "~/components/csrf-field";

/** One row of the payment step's summary: a test at its lab, or a home-collection fee. */
export type CheckoutSummaryRow = {
  key: string;
  kind: string;
  name: string;
  quantity: number;
  totalFils: number;
  labName: string | null;
  collectionType: string | null;
  slot: { date: string; time: string } | null;
};

/** The payment step's Order Summary: each test with its lab, collection and slot, the fees, the total. */
export function CheckoutSummary({ rows, totalFils }: { rows: CheckoutSummaryRow[]; totalFils: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <ul className="grid gap-2">
          {rows.map((row) => (
            <li key={row.key} className="flex justify-between gap-4" data-testid={row.kind === "test" ? "summary-test-line" : "summary-fee-line"}>
              <span className="min-w-0">
                <span className="block">{row.kind === "test" ? `${row.name} × ${row.quantity}` : row.name}</span>
                {row.kind === "test" && row.labName ? (
                  <span className="block text-muted-foreground">
                    {row.labName} · {row.collectionType === "home" ? "Home collection" : "Walk-in"}
                    {row.slot ? ` · ${formatBookingDate(row.slot.date)} at ${row.slot.time}` : ""}
                  </span>
                ) : null}
              </span>
              <span className="whitespace-nowrap tabular-nums">{formatAed(row.totalFils)}</span>
            </li>
          ))}
        </ul>
        <p className="flex justify-between border-t pt-2 text-base font-semibold">
          <span>Total</span>
          <span data-testid="checkout-total">{formatAed(totalFils)}</span>
        </p>
      </CardContent>
    </Card>
  );
}

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
        <CartTotalRow lines={lines} testId="checkout-total" />
      </CardContent>
    </Card>
  );
}

/** The first step: the cart at current prices, or a way back to the tests when it is empty. */
export function ReviewStep() {
  const cart = usePricedCart();
  if (cart.pricing) return <Skeleton className="h-40 w-full" />;
  if (cart.pricedLines.length === 0) {
    return (
      <div className="grid justify-items-start gap-4">
        <p>Your cart is empty.</p>
        <BrowseTestsButton />
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

export function DetailsStep({
  values,
  errors,
  lines = [],
}: {
  values: PatientDetailsValues;
  errors?: PatientDetailsErrors & FieldErrors;
  lines?: CheckoutLineView[];
}) {
  const navigation = useNavigation();
  const [date, setDate] = useState(values.scheduledDate ?? "");
  const [time, setTime] = useState(values.scheduledTime || DEFAULT_BOOKING_TIME);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Patient Details</CardTitle>
      </CardHeader>
      <Form method="post" action="/checkout?step=details" noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value="details" />
        <CardContent>
          <div className="grid gap-6">
            <PatientDetailsFields
              idPrefix="checkout"
              values={values}
              errors={errors}
              onDateChange={setDate}
              time={time}
              onTimeChange={setTime}
            />
            <CheckoutLineChoices
              lines={lines}
              date={date}
              initialDate={values.scheduledDate ?? ""}
              appointmentTime={time}
              errors={errors}
            />
          </div>
        </CardContent>
        <FormFooter backTo="/checkout" submitLabel="Continue to Payment" busy={navigation.state === "submitting"} />
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
        <CsrfField />
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
            {PAYMENT_METHODS.map((method, index) => (
              <label key={method} className="flex items-center gap-3 rounded-md border p-3 has-checked:border-primary">
                <input type="radio" name="paymentMethod" value={method} defaultChecked={index === 0} className="size-4" />
                <span>
                  <span className="block font-medium">{PAYMENT_METHOD_LABELS[method].title}</span>
                  <span className="text-sm text-muted-foreground">{PAYMENT_METHOD_LABELS[method].description}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </CardContent>
        <FormFooter backTo="/checkout?step=details" submitLabel="Place Order" busy={busy} busyLabel="Processing..." />
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
