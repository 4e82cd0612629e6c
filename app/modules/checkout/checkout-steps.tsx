import { CheckCircle2 } from "~/components/ui/icons";
import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useNavigation } from "react-router";
import { LocalizedText, localizedField } from "~/i18n/localized-field";
import { Form, Link } from "~/i18n/link";
import { useFormat } from "~/i18n/use-format";
import { useMessageTranslator } from "~/i18n/use-message";
import { Button } from "~/components/ui/button";
import { FormFooter } from "~/components/form-footer";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { PatientDetailsFields, type PatientDetailsValues } from "~/modules/booking/patient-details-fields";
import type { PatientDetails, PatientDetailsErrors } from "~/modules/booking/schemas";
import type { CartLine } from "~/modules/cart/cart-line";
import { BrowseTestsButton, CartLimitNotice, CartTotalRow, CheckoutButton } from "~/modules/cart/cart-summary";
import { OrderDoneLinks } from "~/modules/checkout/order-done-links";
import { CancellationTermsNote } from "~/modules/booking/cancellation-terms-note";
import { DayBookingsNote } from "~/modules/booking/booking-choices-fields";
import type { DayBooking } from "~/modules/booking/booking-options";
import type { ChangePolicyFacts } from "~/modules/lifecycle/cancellation-policy";
import { OrderVisits, type OrderVisit } from "~/modules/checkout/order-visits";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "~/modules/checkout/payment-method";
import { usePricedCart } from "~/modules/cart/use-priced-cart";
import { Skeleton } from "~/components/ui/skeleton";
import type { FieldErrors } from "~/utils/form-result";
import { CheckoutLineChoices } from "~/modules/checkout/checkout-line-choices";
import type { CheckoutLineView, PatientChoice } from "~/modules/checkout/line-choices";
import { CsrfField } from "~/components/csrf-field";

/** One row of the payment step's summary: a test at its lab, or a home-collection fee. */
export type CheckoutSummaryRow = {
  key: string;
  kind: string;
  name: string;
  nameAr: string | null;
  quantity: number;
  totalFils: number;
  labName: string | null;
  labNameAr: string | null;
  collectionType: string | null;
  slot: { date: string; time: string } | null;
};

/** The payment step's Order Summary: each test with its lab, collection and slot, the fees, the total. */
export function CheckoutSummary({ rows, totalFils }: { rows: CheckoutSummaryRow[]; totalFils: number }) {
  const { t } = useTranslation("checkout");
  const translate = useMessageTranslator();
  const format = useFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Order Summary")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <ul className="grid gap-2">
          {rows.map((row) => (
            <li key={row.key} className="flex justify-between gap-4" data-testid={row.kind === "test" ? "summary-test-line" : "summary-fee-line"}>
              <span className="min-w-0">
                <span className="block">
                  {row.kind === "test" ? (
                    <>
                      <LocalizedText en={row.name} ar={row.nameAr} /> × {row.quantity}
                    </>
                  ) : row.kind === "home_collection_fee" && row.labName ? (
                    t("Home collection fee · {{lab}}", { lab: localizedField(row.labName, row.labNameAr, format.language).text })
                  ) : (
                    translate(row.name)
                  )}
                </span>
                {row.kind === "test" && row.labName ? (
                  <span className="block text-muted-foreground">
                    <LocalizedText en={row.labName} ar={row.labNameAr} /> · {row.collectionType === "home" ? t("Home collection") : t("Walk-in")}
                    {row.slot ? ` · ${t("{{date}} at {{time}}", { date: format.calendarDate(row.slot.date), time: row.slot.time })}` : ""}
                  </span>
                ) : null}
              </span>
              <span className="whitespace-nowrap tabular-nums">
                <bdi>{format.money(row.totalFils)}</bdi>
              </span>
            </li>
          ))}
        </ul>
        <p className="flex justify-between border-t pt-2 text-base font-semibold">
          <span>{t("Total")}</span>
          <span data-testid="checkout-total">
            <bdi>{format.money(totalFils)}</bdi>
          </span>
        </p>
      </CardContent>
    </Card>
  );
}

export const CHECKOUT_STEPS = ["review", "details", "payment", "confirmation"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export function CheckoutProgress({ step }: { step: CheckoutStep }) {
  const { t } = useTranslation("checkout");
  const labels: Record<CheckoutStep, string> = {
    review: t("Review"),
    details: t("Details"),
    payment: t("Payment"),
    confirmation: t("Confirmation"),
  };
  const index = CHECKOUT_STEPS.indexOf(step);
  return (
    <ol className="flex flex-wrap gap-2 text-sm" aria-label={t("Checkout steps")}>
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
  const { t } = useTranslation("checkout");
  const format = useFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Order Summary")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <ul className="grid gap-2">
          {lines.map((line) => (
            <li key={line.test_id} className="flex justify-between gap-4">
              <span>
                <LocalizedText en={line.name} ar={null} /> × {line.quantity}
              </span>
              <span className="whitespace-nowrap tabular-nums">
                <bdi>{format.money(line.price * line.quantity)}</bdi>
              </span>
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
  const { t } = useTranslation("checkout");
  const cart = usePricedCart();
  if (cart.pricing) return <Skeleton className="h-40 w-full" />;
  if (cart.pricedLines.length === 0) {
    return (
      <div className="grid justify-items-start gap-4">
        <p>{t("Your cart is empty.")}</p>
        <BrowseTestsButton />
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <CartLimitNotice lines={cart.pricedLines} />
      <OrderLinesSummary lines={cart.pricedLines} />
      <div className="flex flex-wrap justify-between gap-2">
        <Button asChild variant="outline">
          <Link to="/cart">{t("Back to Cart")}</Link>
        </Button>
        <CheckoutButton lines={cart.pricedLines} to="/checkout?step=details" label={t("Continue to Details")} />
      </div>
    </div>
  );
}

export function DetailsStep({
  values,
  errors,
  lines = [],
  patients = [],
}: {
  values: PatientDetailsValues;
  errors?: PatientDetailsErrors & FieldErrors;
  lines?: CheckoutLineView[];
  patients?: PatientChoice[];
}) {
  const { t } = useTranslation("checkout");
  const navigation = useNavigation();
  const [date, setDate] = useState(values.scheduledDate ?? "");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Patient Details")}</CardTitle>
      </CardHeader>
      <Form method="post" action="/checkout?step=details" encType="multipart/form-data" noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value="details" />
        <CardContent>
          <div className="grid gap-6">
            <PatientDetailsFields
              idPrefix="checkout"
              values={values}
              errors={errors}
              onDateChange={setDate}
              withTime={false}
            />
            <CheckoutLineChoices lines={lines} date={date} initialDate={values.scheduledDate ?? ""} errors={errors} patients={patients} />
          </div>
        </CardContent>
        <FormFooter backTo="/checkout" backLabel={t("Back")} submitLabel={t("Continue to Payment")} busy={navigation.state === "submitting"} />
      </Form>
    </Card>
  );
}

export function PaymentStep({
  details,
  appointments,
  dayBookings,
  policy,
}: {
  details: PatientDetails;
  appointments: { date: string; time: string }[];
  /** The account's other active bookings on the order's days. */
  dayBookings: { date: string; booked: DayBooking[] }[];
  policy: ChangePolicyFacts;
}) {
  const { t } = useTranslation("checkout");
  const translate = useMessageTranslator();
  const format = useFormat();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay";
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Payment")}</CardTitle>
      </CardHeader>
      <Form method="post" action="/checkout?step=payment">
        <CsrfField />
        <input type="hidden" name="intent" value="pay" />
        <CardContent className="grid gap-4">
          <dl className="grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="text-muted-foreground">{t("Patient")}</dt>
            <dd>{details.patientName}</dd>
            <dt className="text-muted-foreground">{t("Email")}</dt>
            <dd>
              <bdi>{details.patientEmail}</bdi>
            </dd>
            <dt className="text-muted-foreground">{t("Appointment")}</dt>
            <dd data-testid="payment-appointment">
              {appointments.map((appointment) => t("{{date}} at {{time}}", { date: format.calendarDate(appointment.date), time: appointment.time })).join(" · ")}
            </dd>
          </dl>
          {dayBookings.map((day) => (
            <DayBookingsNote key={day.date} date={day.date} booked={day.booked} />
          ))}
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium">{t("Payment method")}</legend>
            {PAYMENT_METHODS.map((method, index) => (
              <label key={method} className="flex items-center gap-3 rounded-md border p-3 has-checked:border-primary">
                <input type="radio" name="paymentMethod" value={method} defaultChecked={index === 0} className="size-4" />
                <span>
                  <span className="block font-medium">{translate(PAYMENT_METHOD_LABELS[method].title)}</span>
                  <span className="text-sm text-muted-foreground">{translate(PAYMENT_METHOD_LABELS[method].description)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <CancellationTermsNote policy={policy} />
        </CardContent>
        <FormFooter backTo="/checkout?step=details" backLabel={t("Back")} submitLabel={t("Place Order")} busy={busy} busyLabel={t("Processing...")} />
      </Form>
    </Card>
  );
}

export function ConfirmationStep({ order, policy }: { order: { id: string; totalAmountFils: number; visits?: OrderVisit[] }; policy?: ChangePolicyFacts }) {
  const { t } = useTranslation("checkout");
  const format = useFormat();
  return (
    <Card>
      <div className="flex flex-col items-center gap-4 px-6 py-10 text-center">
        <CheckCircle2 className="size-12 text-primary" aria-hidden />
        <h2 className="text-2xl font-bold">{t("Order Placed Successfully!")}</h2>
        <p className="text-muted-foreground">
          {t("Order")} <bdi>{order.id.slice(0, 8)}</bdi> · <bdi>{format.money(order.totalAmountFils)}</bdi> · {t("Cash on delivery. We will contact you to confirm your appointment.")}
        </p>
        <OrderVisits visits={order.visits ?? []} />
        {policy ? <CancellationTermsNote policy={policy} /> : null}
        <OrderDoneLinks />
      </div>
    </Card>
  );
}
