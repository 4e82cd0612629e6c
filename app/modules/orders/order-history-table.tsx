import { ChevronDown } from "lucide-react";
import { Fragment, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { formatBookingDate } from "~/utils/dubai-date";
import { formatAed } from "~/utils/money";
import { cn } from "~/utils/cn";
import { canResumeOrCancel, type OrderStatus, type PaymentStatus } from "~/modules/orders/order-status";
import { StatusBadge } from "~/modules/orders/order-status-badge";
import { refundReasonLabel, refundStatusLabel, type RefundStatus } from "~/modules/payments/payment-status";
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
    quantity: number;
    unitPriceFils: number;
    totalPriceFils: number;
    kind?: string;
    labName?: string | null;
    collectionType?: string | null;
    slotStart?: string | Date | null;
  }[];
  /** Money given back on this order (cancelled bookings, moves to a cheaper lab, late payments). */
  refunds?: { id: string; amountFils: number; reason: string; status: RefundStatus }[];
};

/** What was given back (or is on its way back) on an order, all statuses counted. */
export function refundedTotal(refunds: NonNullable<OrderRow["refunds"]>) {
  return refunds.reduce((sum, refund) => sum + refund.amountFils, 0);
}

const slotTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Dubai" });

/** Where and when a test line is collected: "Al Noor Lab · Walk-in · 24 Nov 2026, 09:30". */
export function itemVisit(item: OrderRow["items"][number]) {
  if (item.kind === "home_collection_fee" || !item.labName) return null;
  const collection = item.collectionType === "home" ? "Home collection" : "Walk-in";
  const when = item.slotStart ? ` · ${slotTime.format(new Date(item.slotStart))}` : "";
  return `${item.labName} · ${collection}${when}`;
}

/** First two items, then '+N more'. */
export function itemsPreview(items: { testName: string }[]) {
  const shown = items.slice(0, ITEMS_SHOWN_IN_ROW).map((item) => item.testName).join(", ");
  const more = items.length - ITEMS_SHOWN_IN_ROW;
  return more > 0 ? `${shown} +${more} more` : shown;
}

/** The labs of an order's tests, e.g. "at Al Noor Lab, Medsol". */
export function orderLabs(items: OrderRow["items"]) {
  const labs = [...new Set(items.filter((item) => item.kind !== "home_collection_fee" && item.labName).map((item) => item.labName))];
  return labs.length > 0 ? `at ${labs.join(", ")}` : "";
}

export function OrderHistoryTable({ orders }: { orders: OrderRow[] }) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const navigation = useNavigation();
  const busyOrder = navigation.formData?.get("orderId");
  if (orders.length === 0) return <p className="text-muted-foreground">You have no orders yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-sm">
        <thead className="text-start text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className="p-2 text-start">Order</th>
            <th scope="col" className="p-2 text-start">Date</th>
            <th scope="col" className="p-2 text-start">Items</th>
            <th scope="col" className="p-2 text-end">Total</th>
            <th scope="col" className="p-2 text-start">Payment</th>
            <th scope="col" className="p-2 text-start">Status</th>
            <th scope="col" className="p-2 text-end">Actions</th>
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
                      {order.id.slice(0, 8)}
                      <span className="sr-only">{open ? "Hide order details" : "Show order details"}</span>
                    </button>
                  </td>
                  <td className="p-2">{new Date(order.createdAt).toLocaleDateString("en-AE", { timeZone: "Asia/Dubai" })}</td>
                  <td className="p-2">
                    {itemsPreview(order.items)}
                    {orderLabs(order.items) ? (
                      <span className="block text-xs text-muted-foreground">{orderLabs(order.items)}</span>
                    ) : null}
                  </td>
                  <td className="p-2 text-end tabular-nums">
                    {formatAed(order.totalAmountFils)}
                    {order.refunds?.length ? (
                      <span className="block text-xs text-muted-foreground" data-testid="order-refunded">
                        Refunds: {formatAed(refundedTotal(order.refunds))}
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
                          Resume Order
                        </Button>
                        <Button
                          type="submit"
                          name="intent"
                          value="cancel"
                          size="sm"
                          variant="outline"
                          disabled={busyOrder === order.id}
                        >
                          Cancel Order
                        </Button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
                {open ? (
                  <tr id={`order-${order.id}-details`} className="border-b bg-muted/40">
                    <td colSpan={7} className="p-4">
                      <p className="mb-2 text-muted-foreground">
                        {order.paymentMethod === "stripe" ? "Card payment" : "Cash on delivery"}
                        {order.scheduledDate
                          ? ` · Appointment ${formatBookingDate(order.scheduledDate)} at ${order.scheduledTime ?? ""}`
                          : ""}
                      </p>
                      <ul className="grid gap-1">
                        {order.items.map((item) => (
                          <li key={item.id} className="flex justify-between gap-4">
                            <div className="min-w-0">
                              <span>
                                {item.testName} × {item.quantity} @ {formatAed(item.unitPriceFils)}
                              </span>
                              {itemVisit(item) ? (
                                <span className="block text-muted-foreground" data-testid="order-item-lab">
                                  {itemVisit(item)}
                                </span>
                              ) : null}
                            </div>
                            <span className="tabular-nums">{formatAed(item.totalPriceFils)}</span>
                          </li>
                        ))}
                      </ul>
                      {order.refunds?.length ? (
                        <ul className="mt-3 grid gap-1 border-t pt-2" aria-label="Refunds">
                          {order.refunds.map((refund) => (
                            <li key={refund.id} className="flex justify-between gap-4">
                              <span>
                                {refundReasonLabel(refund.reason)} · {refundStatusLabel(refund.status)}
                              </span>
                              <span className="tabular-nums">−{formatAed(refund.amountFils)}</span>
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
