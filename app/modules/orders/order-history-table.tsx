import { ChevronDown } from "~/components/ui/icons";
import { Fragment, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Form } from "~/i18n/link";
import { localizedField } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import { useMessageTranslator } from "~/i18n/use-message";
import { cn } from "~/utils/cn";
import { canResumeOrCancel, type OrderStatus, type PaymentStatus } from "~/modules/lifecycle/order-status";
import { PatientStatusBadge, StatusBadge } from "~/modules/lifecycle/status-badge";
import { canResumeOrder, orderStatusWords, paymentWords } from "~/modules/lifecycle/patient-status";
import type { BookingStatus } from "~/modules/lifecycle/booking-status";
import { refundReasonLabel, refundStatusLabel, type RefundStatus } from "~/modules/lifecycle/payment-status";
import { CsrfField } from "~/components/csrf-field";
import { appointmentOf, appointmentsOf, type AppointmentSource } from "~/modules/slots/appointment-time";

export const ITEMS_SHOWN_IN_ROW = 2;

/** One booking of an order line as the history shows it. */
export type OrderVisit = {
  patientName: string;
  status: BookingStatus;
  labName: string | null;
  labNameAr?: string | null;
  collectionType: string | null;
  slotStart: string | Date | null;
  scheduledDate: string;
  scheduledTime: string | null;
};

export type OrderRow = {
  id: string;
  totalAmountFils: number;
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  orderStatus: OrderStatus;
  scheduledDate: string | null;
  scheduledTime: string | null;
  createdAt: string | Date;
  /** Who the order is for (the patient named at checkout). */
  customerName?: string;
  items: {
    id: string;
    testName: string;
    /** The test's Arabic name today (the order keeps the English name it was bought under). */
    testNameAr?: string | null;
    quantity: number;
    unitPriceFils: number;
    totalPriceFils: number;
    kind?: string;
    labName?: string | null;
    labNameAr?: string | null;
    collectionType?: string | null;
    slotStart?: string | Date | null;
    /** Who the line is for: its bookings' patients (each unit's when the units name saved patients). */
    patientNames?: string[];
    /** The line's bookings: each one's own lab, collection and slot (they can differ after one unit is rescheduled). */
    visits?: OrderVisit[];
  }[];
  /** Its bookings' statuses: the order's status is read from them (patient-status.ts). */
  bookingStatuses?: BookingStatus[];
  /** What is left to pay at collection on an open cash-on-delivery order: its total less its cancelled bookings. */
  cashDueFils?: number | null;
  /** Money given back on this order (cancelled bookings, moves to a cheaper lab, late payments). */
  refunds?: { id: string; amountFils: number; reason: string; status: RefundStatus }[];
  /** The order's tax invoice and credit notes (issue 29), once issued. */
  documents?: { invoice: { number: string } | null; creditNotes: { number: string }[] } | null;
};

/** Where a customer downloads one of their own tax documents (a PDF). */
export const taxDocumentHref = (number: string) => `/dashboard/documents/${encodeURIComponent(number)}`;

function TaxDocumentLinks({ documents }: { documents: NonNullable<OrderRow["documents"]> }) {
  const { t } = useTranslation("account");
  if (!documents.invoice) return null;
  return (
    <ul className="flex flex-col items-end gap-1 text-xs" aria-label={t("Tax documents")}>
      <li>
        <a className="text-primary underline" href={taxDocumentHref(documents.invoice.number)} download data-testid="invoice-link">
          {t("Download invoice")} (<bdi>{documents.invoice.number}</bdi>)
        </a>
      </li>
      {documents.creditNotes.map((note) => (
        <li key={note.number}>
          <a className="text-primary underline" href={taxDocumentHref(note.number)} download data-testid="credit-note-link">
            {t("Credit note {{number}}", { number: note.number })}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** What was given back (or is on its way back) on an order, all statuses counted. */
export function refundedTotal(refunds: NonNullable<OrderRow["refunds"]>) {
  return refunds.reduce((sum, refund) => sum + refund.amountFils, 0);
}

/** First two items, then '+N more' (Arabic lists separate the names with the Arabic comma). */
export function itemsPreview(items: { testName: string }[], more = (count: number) => `+${count} more`, separator = ", ") {
  const shown = items.slice(0, ITEMS_SHOWN_IN_ROW).map((item) => item.testName).join(separator);
  const hidden = items.length - ITEMS_SHOWN_IN_ROW;
  return hidden > 0 ? `${shown} ${more(hidden)}` : shown;
}

/** A line's bookings still to happen (or all of them when none is). */
const liveVisits = (visits: OrderVisit[]) => {
  const live = visits.filter((visit) => visit.status !== "cancelled");
  return live.length > 0 ? live : visits;
};

/**
 * When an order's patients are expected: its bookings' own slots (each follows its reschedule;
 * one truth, issue 26), else (no booking yet: a card order before payment) its test lines' slots,
 * else the order's own date and time.
 */
export function orderAppointments(order: Pick<OrderRow, "items" | "scheduledDate" | "scheduledTime">) {
  const tests = order.items.filter((item) => item.kind !== "home_collection_fee");
  const visits = tests.flatMap((item) => liveVisits(item.visits ?? []));
  if (visits.length > 0) return appointmentsOf(visits);
  const slotted = tests.filter((item) => item.slotStart);
  return appointmentsOf(slotted.length > 0 ? slotted : [order]);
}

/** The order table's texts in the page's language. */
export function useOrderTexts() {
  const { t } = useTranslation("account");
  const format = useFormat();
  const testName = (item: OrderRow["items"][number]) => localizedField(item.testName, item.testNameAr, format.language).text;
  const labName = (item: OrderRow["items"][number]) => localizedField(item.labName ?? "", item.labNameAr, format.language).text;
  /** A line's name in the page's language: a test's, or "Home collection fee · {lab}" (the order keeps it in English). */
  const itemName = (item: OrderRow["items"][number]) =>
    item.kind === "home_collection_fee" ? [t("Home collection fee"), item.labName ? labName(item) : null].filter(Boolean).join(" · ") : testName(item);
  return {
    t,
    format,
    testName,
    labName,
    itemName,
    /**
     * Where and when a test line is collected, from its bookings: "Al Noor Lab · Walk-in · 24 Nov
     * 2026 at 09:30", one per distinct visit, naming the patients when the units went apart.
     */
    itemVisits(item: OrderRow["items"][number]): string[] {
      if (item.kind === "home_collection_fee") return [];
      const visit = (where: { labName?: string | null; labNameAr?: string | null; collectionType?: string | null }, when: AppointmentSource) => {
        const collection = where.collectionType === "home" ? t("Home collection") : t("Walk-in");
        const appointment = appointmentOf(when);
        const time = appointment ? ` · ${t("{{date}} at {{time}}", { date: format.calendarDate(appointment.date), time: appointment.time })}` : "";
        return `${localizedField(where.labName ?? "", where.labNameAr, format.language).text} · ${collection}${time}`;
      };
      const visits = liveVisits(item.visits ?? []).filter((booking) => booking.labName);
      if (visits.length === 0) return item.labName ? [visit(item, item)] : [];
      const groups = new Map<string, { text: string; patients: string[] }>();
      for (const booking of visits) {
        const text = visit(booking, booking);
        const group = groups.get(text) ?? { text, patients: [] };
        group.patients.push(booking.patientName);
        groups.set(text, group);
      }
      const apart = groups.size > 1;
      return [...groups.values()].map(({ text, patients }) => (apart ? `${text} · ${patients.join(format.language === "ar" ? "، " : ", ")}` : text));
    },
    /** The labs of an order's tests (their bookings' labs once booked), e.g. "at Al Noor Lab, Medsol". */
    orderLabs(items: OrderRow["items"]) {
      const places = items
        .filter((item) => item.kind !== "home_collection_fee")
        .flatMap((item): { labName?: string | null; labNameAr?: string | null }[] =>
          item.visits?.some((visit) => visit.labName) ? liveVisits(item.visits) : [item],
        )
        .filter((place) => place.labName);
      const labs = [...new Set(places.map((place) => localizedField(place.labName ?? "", place.labNameAr, format.language).text))];
      return labs.length > 0 ? t("at {{labs}}", { labs: labs.join(format.language === "ar" ? "، " : ", ") }) : "";
    },
  };
}

/** A cell's column name, shown only where the table is a card (below md; the table head says it above). */
function CardLabel({ children }: { children: string }) {
  return <span className="mb-0.5 block text-xs text-muted-foreground md:hidden">{children}</span>;
}

export function OrderHistoryTable({ orders }: { orders: OrderRow[] }) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const navigation = useNavigation();
  const busyOrder = navigation.formData?.get("orderId");
  const { t, format, itemName, itemVisits, orderLabs } = useOrderTexts();
  const translate = useMessageTranslator();
  if (orders.length === 0) return <p className="text-muted-foreground">{t("You have no orders yet.")}</p>;
  return (
    // One table: on desktop its seven columns, below md each order a card (issue 26: the
    // totals, statuses and actions were off screen in a 280 px card), labelled cell by cell.
    <div className="md:overflow-x-auto">
      <table className="w-full text-sm max-md:block md:min-w-[40rem]">
        <thead className="text-start text-muted-foreground max-md:hidden">
          <tr className="border-b">
            <th scope="col" className="p-2 text-start">{t("Order")}</th>
            <th scope="col" className="p-2 text-start">{t("Date")}</th>
            <th scope="col" className="p-2 text-start">{t("Items")}</th>
            <th scope="col" className="p-2 text-end">{t("Total")}</th>
            <th scope="col" className="p-2 text-start">{t("Payment")}</th>
            <th scope="col" className="p-2 text-start">{t("Status")}</th>
            <th scope="col" className="p-2 text-end">{t("Actions")}</th>
          </tr>
        </thead>
        <tbody className="max-md:grid max-md:gap-3">
          {orders.map((order) => {
            const open = expanded === order.id;
            const appointments = orderAppointments(order);
            return (
              <Fragment key={order.id}>
                <tr
                  className="border-b align-top max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-3 max-md:rounded-lg max-md:border max-md:p-3"
                  data-testid="order-row"
                >
                  <td className="p-2 max-md:p-0">
                    <CardLabel>{t("Order")}</CardLabel>
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 font-mono"
                      aria-expanded={open}
                      aria-controls={`order-${order.id}-details`}
                      onClick={() => setExpanded(open ? null : order.id)}
                    >
                      <ChevronDown className={cn("size-4 transition-transform", open && "rotate-180")} aria-hidden />
                      <bdi>{order.id.slice(0, 8)}</bdi>
                      <span className="sr-only">{open ? t("Hide order details") : t("Show order details")}</span>
                    </button>
                  </td>
                  <td className="p-2 max-md:p-0">
                    <CardLabel>{t("Date")}</CardLabel>
                    {format.dateTime(order.createdAt, { year: "numeric", month: "numeric", day: "numeric" })}
                  </td>
                  <td className="p-2 wrap-anywhere max-md:col-span-2 max-md:p-0">
                    <CardLabel>{t("Items")}</CardLabel>
                    {itemsPreview(
                      order.items.map((item) => ({ testName: itemName(item) })),
                      (count) => t("+{{n}} more", { n: count }),
                      format.language === "ar" ? "، " : ", ",
                    )}
                    {orderLabs(order.items) ? (
                      <span className="block text-xs text-muted-foreground">{orderLabs(order.items)}</span>
                    ) : null}
                    {/* On a phone the card also says when and for whom (the table has them in its details). */}
                    {/* The first appointment, from the bookings (the order's own date is its first slot when placed). */}
                    {appointments[0] && !open ? (
                      <span className="block text-xs md:hidden" data-testid="order-card-when">
                        {t("Appointment {{date}} at {{time}}", { date: format.calendarDate(appointments[0].date), time: appointments[0].time })}
                      </span>
                    ) : null}
                    {order.customerName ? (
                      <span className="block text-xs text-muted-foreground md:hidden">
                        <bdi>{order.customerName}</bdi>
                      </span>
                    ) : null}
                  </td>
                  <td className="p-2 text-end tabular-nums max-md:p-0 max-md:text-start">
                    <CardLabel>{t("Total")}</CardLabel>
                    <bdi>{format.money(order.totalAmountFils)}</bdi>
                    {order.cashDueFils != null && order.cashDueFils !== order.totalAmountFils ? (
                      <span className="block text-xs text-muted-foreground" data-testid="order-cash-due">
                        {t("Due at collection:")} <bdi>{format.money(order.cashDueFils)}</bdi>
                      </span>
                    ) : null}
                    {order.refunds?.length ? (
                      <span className="block text-xs text-muted-foreground" data-testid="order-refunded">
                        {t("Refunds:")} <bdi>{format.money(refundedTotal(order.refunds))}</bdi>
                      </span>
                    ) : null}
                  </td>
                  <td className="p-2 max-md:p-0">
                    <CardLabel>{t("Payment")}</CardLabel>
                    <StatusBadge status={order.paymentStatus} />
                    <span className="block text-xs text-muted-foreground" data-testid="order-payment-words">
                      {t(paymentWords(order))}
                    </span>
                  </td>
                  <td className="p-2 max-md:p-0">
                    <CardLabel>{t("Status")}</CardLabel>
                    <PatientStatusBadge words={orderStatusWords(order, order.bookingStatuses ?? [])} status={order.orderStatus} />
                  </td>
                  <td className={cn("p-2 max-md:col-span-2 max-md:p-0", !canResumeOrCancel(order) && "max-md:hidden")}>
                    {canResumeOrCancel(order) ? (
                      <Form method="post" className="flex flex-wrap justify-end gap-2 max-md:justify-stretch max-md:*:flex-1">
                        <CsrfField />
                        <input type="hidden" name="orderId" value={order.id} />
                        {canResumeOrder(order) ? (
                          <Button type="submit" name="intent" value="resume" size="sm" disabled={busyOrder === order.id}>
                            {t("Resume Order")}
                          </Button>
                        ) : null}
                        <Button
                          type="submit"
                          name="intent"
                          value="cancel"
                          size="sm"
                          variant="outline"
                          disabled={busyOrder === order.id}
                        >
                          {t("Cancel Order")}
                        </Button>
                      </Form>
                    ) : null}
                    {order.documents ? <TaxDocumentLinks documents={order.documents} /> : null}
                  </td>
                </tr>
                {open ? (
                  <tr id={`order-${order.id}-details`} className="border-b bg-muted/40 max-md:-mt-2 max-md:block max-md:rounded-lg max-md:border">
                    <td colSpan={7} className="p-4 wrap-anywhere max-md:block max-md:p-3">
                      <p className="mb-2 text-muted-foreground">
                        {order.paymentMethod === "stripe" ? t("Card payment") : t("Cash on delivery")}
                        {appointments.map(
                          (appointment) => ` · ${t("Appointment {{date}} at {{time}}", { date: format.calendarDate(appointment.date), time: appointment.time })}`,
                        )}
                      </p>
                      <ul className="grid gap-1">
                        {order.items.map((item) => (
                          <li key={item.id} className="flex justify-between gap-4">
                            <div className="min-w-0">
                              <span>
                                {itemName(item)} × {item.quantity} @{" "}
                                <bdi>{format.money(item.unitPriceFils)}</bdi>
                              </span>
                              {itemVisits(item).map((visit) => (
                                <span key={visit} className="block text-muted-foreground" data-testid="order-item-lab">
                                  {visit}
                                </span>
                              ))}
                              {item.patientNames?.length ? (
                                <span className="block text-muted-foreground" data-testid="order-item-patients">
                                  {t("For {{patient}}", { patient: item.patientNames.join(format.language === "ar" ? "، " : ", ") })}
                                </span>
                              ) : null}
                            </div>
                            <span className="tabular-nums">
                              <bdi>{format.money(item.totalPriceFils)}</bdi>
                            </span>
                          </li>
                        ))}
                      </ul>
                      {order.refunds?.length ? (
                        <ul className="mt-3 grid gap-1 border-t pt-2" aria-label={t("Refunds")}>
                          {order.refunds.map((refund) => (
                            <li key={refund.id} className="flex justify-between gap-4">
                              <span>
                                {translate(refundReasonLabel(refund.reason))} · {translate(refundStatusLabel(refund.status))}
                              </span>
                              <span className="tabular-nums">
                                <bdi>−{format.money(refund.amountFils)}</bdi>
                              </span>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
