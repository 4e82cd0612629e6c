import { useTranslation } from "~/i18n/use-translation";
import { localizedField } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import type { LabChoice } from "~/modules/booking/booking-options";
import type { CollectionType } from "~/modules/slots/collection-types";
import type { BookTestPayment } from "~/modules/booking/schemas";

/** What a Book Test booking will cost at a lab: its price, the home-collection fee, the total (VAT included). */
export function quoteOf(lab: LabChoice | null, type: CollectionType) {
  if (!lab) return null;
  const feeFils = type === "home" ? (lab.homeCollectionFeeFils ?? 0) : 0;
  return { lab, priceFils: lab.priceFils, feeFils, totalFils: lab.priceFils + feeFils };
}

/** The lab a booking goes to: the chosen one, or (any lab) the cheapest offering the collection. */
export function quotedLab(labs: LabChoice[], labId: string | null, type: CollectionType) {
  return labs.find((lab) => lab.labId === labId) ?? labs.find((lab) => (type === "home" ? lab.homeCollection : lab.walkIn)) ?? null;
}

/**
 * Before Book Test creates anything (issue 26): the lab's price, the home-collection fee, the
 * total with VAT included, and how it is paid (cash at the visit by default, or by card now on the
 * provider's page). Without a chosen lab the cheapest is quoted, as the server books it when its time is free.
 */
export function BookingQuote({
  labs,
  labId,
  type,
  payment = "cash",
}: {
  labs: LabChoice[];
  labId: string | null;
  type: CollectionType;
  payment?: BookTestPayment;
}) {
  const { t } = useTranslation("checkout");
  const format = useFormat();
  const quote = quoteOf(quotedLab(labs, labId, type), type);
  if (!quote) return null;
  const labName = localizedField(quote.lab.labName, quote.lab.labNameAr, format.language).text;
  return (
    <section className="grid gap-1 rounded-md border p-3 text-sm" aria-labelledby="booking-quote-heading" data-testid="booking-quote">
      <h3 id="booking-quote-heading" className="font-medium">
        {t("What you will pay")}
      </h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>{labId ? labName : t("{{lab}} (the cheapest with your time free)", { lab: labName })}</dt>
        <dd className="text-end tabular-nums">
          <bdi>{format.money(quote.priceFils)}</bdi>
        </dd>
        {type === "home" ? (
          <>
            <dt>{t("Home collection fee")}</dt>
            <dd className="text-end tabular-nums">
              <bdi>{format.money(quote.feeFils)}</bdi>
            </dd>
          </>
        ) : null}
        <dt className="font-semibold">{t("Total (VAT included)")}</dt>
        <dd className="text-end font-semibold tabular-nums" data-testid="booking-quote-total">
          <bdi>{format.money(quote.totalFils)}</bdi>
        </dd>
      </dl>
      <p className="text-muted-foreground" data-testid="booking-quote-payment">
        {payment === "card" ? t("Paid by card now, on the card provider's page.") : t("Paid in cash at the visit, or choose to pay by card now.")}
      </p>
    </section>
  );
}
