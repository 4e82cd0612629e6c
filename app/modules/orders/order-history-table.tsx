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
import { StatusBadge } from "~/modules/lifecycle/status-badge";
import { refundReasonLabel, refundStatusLabel, type RefundStatus } from "~/modules/lifecycle/payment-status";
import { CsrfField } from "~/components/csrf-field";

export const ITEMS_SHOWN_IN_ROW = 2;

export type OrderRow = {
  id: string;
  totalAmountFils: number;
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  orderStatus: OrderStatus;
  scheduledDate: string | null;
  scheduledTime: string | null;
  createdAt: string | Date;
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
  }[];
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

/** The order table's texts in the page's language. */
function useOrderTexts() {
  const { t } = useTranslation("account");
  const format = useFormat();
  const testName = (item: OrderRow["items"][number]) => localizedField(item.testName, item.testNameAr, format.language).text;
  const labName = (item: OrderRow["items"][number]) => localizedField(item.labName ?? "", item.labNameAr, format.language).text;
  return {
    t,
    format,
    testName,
    labName,
    /** Where and when a test line is collected: "Al Noor Lab · Walk-in · 24 Nov 2026, 09:30". */
    itemVisit(item: OrderRow["items"][number]) {
      if (item.kind === "home_collection_fee" || !item.labName) return null;
      const collection = item.collectionType === "home" ? t("Home collection") : t("Walk-in");
      const when = item.slotStart ? ` · ${format.dateTime(item.slotStart, { dateStyle: "medium", timeStyle: "short" }, "en-GB")}` : "";
      return `${labName(item)} · ${collection}${when}`;
    },
    /** The labs of an order's tests, e.g. "at Al Noor Lab, Medsol". */
    orderLabs(items: OrderRow["items"]) {
      const labs = [...new Set(items.filter((item) => item.kind !== "home_collection_fee" && item.labName).map(labName))];
      return labs.length > 0 ? t("at {{labs}}", { labs: labs.join(format.language === "ar" ? "، " : ", ") }) : "";
    },
  };
}

export function OrderHistoryTable({ orders }: { orders: OrderRow[] }) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const navigation = useNavigation();
  const busyOrder = navigation.formData?.get("orderId");
  const { t, format, testName, labName, itemVisit, orderLabs } = useOrderTexts();
  const translate = useMessageTranslator();
  if (orders.length === 0) return <p className="text-muted-foreground">{t("You have no orders yet.")}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-sm">
        <thead className="text-start text-muted-foreground">
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
        <tbody>
          {orders.map((order) => {
            const open = expanded === order.id;
            return (
              <Fragment key={order.id}>
                <tr className="border-b align-top" data-testid="order-row">
                  <td className="p-2">
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
                  <td className="p-2">{format.dateTime(order.createdAt, { year: "numeric", month: "numeric", day: "numeric" })}</td>
                  <td className="p-2">
                    {itemsPreview(
                      order.items.map((item) => ({ testName: testName(item) })),
                      (count) => t("+{{n}} more", { n: count }),
                      format.language === "ar" ? "، " : ", ",
                    )}
                    {orderLabs(order.items) ? (
                      <span className="block text-xs text-muted-foreground">{orderLabs(order.items)}</span>
                    ) : null}
                  </td>
                  <td className="p-2 text-end tabular-nums">
                    <bdi>{format.money(order.totalAmountFils)}</bdi>
                    {order.refunds?.length ? (
                      <span className="block text-xs text-muted-foreground" data-testid="order-refunded">
                        {t("Refunds:")} <bdi>{format.money(refundedTotal(order.refunds))}</bdi>
                      </span>
                    ) : null}
                  </td>
                  <td className="p-2">
                    <StatusBadge status={order.paymentStatus} />
                  </td>
                  <td className="p-2">
                    <StatusBadge status={order.orderStatus} />
                  </td>
                  <td className="p-2">
                    {canResumeOrCancel(order) ? (
                      <Form method="post" className="flex justify-end gap-2">
                        <CsrfField />
                        <input type="hidden" name="orderId" value={order.id} />
                        <Button type="submit" name="intent" value="resume" size="sm" disabled={busyOrder === order.id}>
                          {t("Resume Order")}
                        </Button>
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
                  <tr id={`order-${order.id}-details`} className="border-b bg-muted/40">
                    <td colSpan={7} className="p-4">
                      <p className="mb-2 text-muted-foreground">
                        {order.paymentMethod === "stripe" ? t("Card payment") : t("Cash on delivery")}
                        {order.scheduledDate
                          ? ` · ${t("Appointment {{date}} at {{time}}", { date: format.calendarDate(order.scheduledDate), time: order.scheduledTime ?? "" })}`
                          : ""}
                      </p>
                      <ul className="grid gap-1">
                        {order.items.map((item) => (
                          <li key={item.id} className="flex justify-between gap-4">
                            <div className="min-w-0">
                              <span>
                                {item.kind === "home_collection_fee" && item.labName ? `${t("Home collection fee")} · ${labName(item)}` : testName(item)} × {item.quantity} @{" "}
                                <bdi>{format.money(item.unitPriceFils)}</bdi>
                              </span>
                              {itemVisit(item) ? (
                                <span className="block text-muted-foreground" data-testid="order-item-lab">
                                  {itemVisit(item)}
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
