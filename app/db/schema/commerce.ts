import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "~/db/schema/auth";
import { labs, tests } from "~/db/schema/catalog";
import { createdAt, fils, id, updatedAt } from "~/db/schema/columns";

export const cartItems = pgTable(
  "cart_items",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    testId: uuid("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /**
     * Set only for a line loaded from a pending order (Resume Order): the unit price that order
     * was placed at. It is honoured only while that order is still open and the line still has
     * the quantity it was resumed with (see cart-pricing.server.ts and decision 0007).
     */
    unitPriceFils: fils("unit_price_fils"),
    /** The quantity the line was resumed with (set together with unit_price_fils). */
    resumedQuantity: integer("resumed_quantity"),
    /** The open order this line's price comes from; placing a new order cancels that one. */
    resumedFromOrderId: uuid("resumed_from_order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("cart_items_user_id_test_id_key").on(t.userId, t.testId),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
    check("cart_items_resumed_price_and_quantity", sql`(${t.unitPriceFils} is null) = (${t.resumedQuantity} is null)`),
  ],
);

export const paymentMethods = ["stripe", "cash_on_delivery"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const orders = pgTable(
  "orders",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    totalAmountFils: fils("total_amount_fils").notNull(),
    paymentMethod: text("payment_method", { enum: paymentMethods }).notNull(),
    /** pending | paid | failed | refunded (paid after the order was closed, see paymentRefunds) */
    paymentStatus: text("payment_status").notNull().default("pending"),
    /** pending | confirmed | completed | cancelled | expired */
    orderStatus: text("order_status").notNull().default("pending"),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone"),
    notes: text("notes"),
    scheduledDate: date("scheduled_date", { mode: "string" }),
    scheduledTime: text("scheduled_time"),
    paymentSessionId: text("payment_session_id").unique(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("orders_created_at_idx").on(t.createdAt.desc()),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    testId: uuid("test_id").references(() => tests.id, { onDelete: "set null" }),
    /** The test's name when ordered, kept if the test is later renamed or deleted. */
    testName: text("test_name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceFils: fils("unit_price_fils").notNull(),
    totalPriceFils: fils("total_price_fils").notNull(),
  },
  (t) => [
    index("order_items_order_id_idx").on(t.orderId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const bookings = pgTable(
  "bookings",
  {
    id: id(),
    testId: uuid("test_id").references(() => tests.id, { onDelete: "set null" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    labId: uuid("lab_id").references(() => labs.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    scheduledDate: date("scheduled_date", { mode: "string" }).notNull(),
    scheduledTime: text("scheduled_time").notNull().default("09:00"),
    patientName: text("patient_name").notNull(),
    patientEmail: text("patient_email").notNull(),
    patientPhone: text("patient_phone"),
    notes: text("notes"),
    /** pending | confirmed | completed | cancelled */
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bookings_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("bookings_user_scheduled_idx").on(t.userId, t.scheduledDate.desc()),
    index("bookings_created_at_idx").on(t.createdAt.desc()),
    index("bookings_order_id_idx").on(t.orderId),
  ],
);

/**
 * Hosted-checkout sessions of the built-in demo card provider (used when STRIPE_SECRET_KEY is
 * unset and demo payments are allowed). Kept in the database so every app process sees them.
 */
export const demoPaymentSessions = pgTable("demo_payment_sessions", {
  id: text("id").primaryKey(),
  orderId: uuid("order_id")
    .notNull()
    .references(() => orders.id, { onDelete: "cascade" }),
  amountFils: fils("amount_fils").notNull(),
  /** open | paid | canceled (by the customer) | expired (its order was closed) | refunded */
  status: text("status").notNull().default("open"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const refundReasons = ["late_payment"] as const;
export type RefundReason = (typeof refundReasons)[number];

/**
 * Money given back to a customer through the payment provider. `late_payment`: a checkout
 * session was paid after its order had been cancelled, superseded or expired, so the payment is
 * refunded instead of booked. The idempotency key (also sent to the provider) makes a retried
 * confirmation refund once.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountFils: fils("amount_fils").notNull(),
    reason: text("reason", { enum: refundReasons }).notNull(),
    /** The checkout session whose payment is refunded. */
    paymentSessionId: text("payment_session_id"),
    providerRefundId: text("provider_refund_id"),
    /** pending | succeeded | failed (retried by the next confirmation of the same payment) */
    status: text("status").notNull().default("pending"),
    lastError: text("last_error"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payment_refunds_created_at_idx").on(t.createdAt.desc()),
    index("payment_refunds_order_id_idx").on(t.orderId),
    check("payment_refunds_amount_positive", sql`${t.amountFils} > 0`),
  ],
);
