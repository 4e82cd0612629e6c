import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { labs, tests } from "./catalog";
import { createdAt, id, updatedAt } from "./columns";

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
     * was placed at, honoured at checkout instead of the current price. Null = current price.
     */
    unitPriceFils: integer("unit_price_fils"),
    /** The pending order this line was resumed from; placing a new order cancels that one. */
    resumedFromOrderId: uuid("resumed_from_order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("cart_items_user_id_test_id_key").on(t.userId, t.testId),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
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
    totalAmountFils: integer("total_amount_fils").notNull(),
    paymentMethod: text("payment_method", { enum: paymentMethods }).notNull(),
    /** pending | paid | failed */
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
    unitPriceFils: integer("unit_price_fils").notNull(),
    totalPriceFils: integer("total_price_fils").notNull(),
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
  amountFils: integer("amount_fils").notNull(),
  /** open | paid | canceled */
  status: text("status").notNull().default("open"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
