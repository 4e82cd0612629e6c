import { useTranslation } from "~/i18n/use-translation";
import type { BookTestPayment } from "~/modules/booking/schemas";

/** The choice's wording: the brief's titles, the checkout's descriptions of its payment methods. */
const BOOK_TEST_PAYMENT_LABELS: Record<
  BookTestPayment,
  { title: string; description: string }
> = {
  cash: {
    title: "Pay at the visit (cash)",
    description: "Pay when the sample is collected",
  },
  card: {
    title: "Pay by card now",
    description: "Secure payment on the card provider's page",
  },
};

/** How Book Test is paid (issue 26): cash at the visit by default, or by card now on the provider's page. */
export function BookingPaymentChoice({
  value,
  onChange,
}: {
  value: BookTestPayment;
  onChange: (next: BookTestPayment) => void;
}) {
  const { t } = useTranslation("checkout");
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium">{t("Payment method")}</legend>
      {(Object.keys(BOOK_TEST_PAYMENT_LABELS) as BookTestPayment[]).map(
        (method) => (
          <label
            key={method}
            className="flex items-center gap-3 rounded-md border p-3 has-checked:border-primary"
          >
            <input
              type="radio"
              name="payment"
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
              className="size-4"
            />
            <span>
              <span className="block font-medium">
                {t(BOOK_TEST_PAYMENT_LABELS[method].title as never)}
              </span>
              <span className="text-sm text-muted-foreground">
                {t(BOOK_TEST_PAYMENT_LABELS[method].description as never)}
              </span>
            </span>
          </label>
        ),
      )}
    </fieldset>
  );
}
