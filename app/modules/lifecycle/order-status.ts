/**
 * The order lifecycle's values and rules, client-safe (the dashboard table uses them too).
 * See docs/decisions/0008-order-and-booking-lifecycle.md. Every change of an order's statuses
 * goes through transitionOrder (transition-order.server.ts), which checks it against orderMoves.
 */

/** payment_status: refunded = paid after the order was closed, and given back (payment_refunds). */
export const paymentStatuses = ["pending", "paid", "failed", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const orderStatuses = ["pending", "confirmed", "completed", "cancelled", "expired"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * Who makes a change: the order's customer, an admin, the app itself, the payment provider's
 * confirmation, or a member (manager or staff) of the booking's lab in the partner portal.
 */
export const actorKinds = ["customer", "admin", "system", "payment", "lab"] as const;
export type ActorKind = (typeof actorKinds)[number];
export type Actor = { kind: ActorKind; id?: string | null };

export type OrderState = { paymentStatus: PaymentStatus; orderStatus: OrderStatus };

/** An OPEN order waits for its payment (see orderIsOpen). */
export const openOrderState = { paymentStatus: "pending", orderStatus: "pending" } as const satisfies OrderState;
const OPEN = { paymentStatus: [openOrderState.paymentStatus], orderStatus: [openOrderState.orderStatus] } as const;

/**
 * The allowed moves of an order: from which states, to which, and who may make each. A move
 * to "cancelled" also cancels the order's pending bookings (booking_cancelled events).
 */
export const orderMoves = {
  /**
   * The customer's Cancel Order; also a lab's cancellation or no-show of the last live booking of
   * an unpaid (cash-on-delivery) order, which leaves nothing to collect.
   */
  cancel: { from: OPEN, to: { orderStatus: "cancelled" }, by: ["customer", "lab"] },
  /** A new order placed from a cart resumed from this one replaces it. */
  supersede: { from: OPEN, to: { orderStatus: "cancelled" }, by: ["system"] },
  /** Resume Order found the booking date in the past. */
  expire: { from: OPEN, to: { orderStatus: "expired" }, by: ["customer", "system"] },
  /** The card payment was confirmed (return page or provider webhook). */
  pay: { from: OPEN, to: { paymentStatus: "paid", orderStatus: "confirmed" }, by: ["payment"] },
  /**
   * A card payment arrived after its slot hold expired (the order was expired by the hold-release
   * job) and every slot could be held again: the order is paid after all (decision 0011).
   */
  payAfterHoldExpired: {
    from: { paymentStatus: ["pending"], orderStatus: ["expired"] },
    to: { paymentStatus: "paid", orderStatus: "confirmed" },
    by: ["payment"],
  },
  /**
   * A cash-on-delivery order's cash was recorded as collected at the visit, by the lab's staff in
   * the portal or by an admin (issue 29): paid, with its tax invoice.
   */
  collectCash: { from: OPEN, to: { paymentStatus: "paid", orderStatus: "confirmed" }, by: ["lab", "admin"] },
  /** The provider's checkout session could not be created. */
  fail: { from: OPEN, to: { paymentStatus: "failed", orderStatus: "cancelled" }, by: ["payment"] },
  /** A payment arrived after the order was closed: it is refunded, not booked. */
  refundLatePayment: {
    from: { paymentStatus: ["pending"], orderStatus: ["cancelled", "expired"] },
    to: { paymentStatus: "refunded" },
    by: ["payment"],
  },
} as const satisfies Record<
  string,
  {
    from: { paymentStatus: readonly PaymentStatus[]; orderStatus: readonly OrderStatus[] };
    to: Partial<OrderState>;
    by: readonly ActorKind[];
  }
>;
export type OrderMove = keyof typeof orderMoves;

/** Whether `actor` may make `move` on an order in `state`. */
export function canMoveOrder(state: OrderState, move: OrderMove, actor: Pick<Actor, "kind">) {
  const { from, by } = orderMoves[move];
  return (
    (by as readonly ActorKind[]).includes(actor.kind) &&
    (from.paymentStatus as readonly PaymentStatus[]).includes(state.paymentStatus) &&
    (from.orderStatus as readonly OrderStatus[]).includes(state.orderStatus)
  );
}

/**
 * An order is OPEN while it waits for its payment: payment pending and order pending (not
 * cancelled, superseded or expired). Only an open order may be paid, resumed, cancelled or
 * honour resumed prices.
 */
export function orderIsOpen(order: { paymentStatus: string; orderStatus: string }) {
  return order.paymentStatus === openOrderState.paymentStatus && order.orderStatus === openOrderState.orderStatus;
}

/** The Resume Order / Cancel Order rule, for the dashboard's buttons and the server alike. */
export const canResumeOrCancel = orderIsOpen;
