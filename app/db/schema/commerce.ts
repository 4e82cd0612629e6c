import { sql, type SQL } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, unique, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { user } from "~/db/schema/auth";
import { labs, tests } from "~/db/schema/catalog";
import { referralFiles, savedPatients } from "~/db/schema/accounts";
import { patientSexes } from "~/modules/accounts/patient-sexes";
import { createdAt, fils, id, updatedAt } from "~/db/schema/columns";
// The lifecycle's value lists live in their (client-safe, import-free) domain files, so the
// database, the server and the browser share one definition (decision 0008).
import { bookingStatuses, initialBookingStatus, labCancellationReasons } from "~/modules/lifecycle/booking-status";
import { actorKinds, openOrderState, orderStatuses, paymentStatuses } from "~/modules/lifecycle/order-status";
import { collectionTypes, orderLineKinds } from "~/modules/slots/collection-types";
import { demoSessionStatuses, initialDemoSessionStatus, initialRefundStatus, refundReasons, refundStatuses } from "~/modules/lifecycle/payment-status";

/** A check constraint keeping a text column to one of the values of its TypeScript union. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;
}

/** The languages a customer's messages are written in. */
const messageLanguages = ["en", "ar"] as const;

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
    /** The patient's choices for this line at checkout; null = the defaults (cheapest lab, walk-in). */
    labId: uuid("lab_id").references(() => labs.id, { onDelete: "set null" }),
    collectionType: text("collection_type", { enum: collectionTypes }),
    slotStart: timestamp("slot_start", { withTimezone: true, mode: "date" }),
    homeAddress: text("home_address"),
    homeArea: text("home_area"),
    /** The saved patient of each unit (issue 26: quantity two means two patients); empty = the details step's patient. */
    patientIds: uuid("patient_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** The doctor's referral given at checkout for a test that needs one (issue 26): the doctor's name, or the uploaded file. */
    referralDoctorName: text("referral_doctor_name"),
    referralFileId: uuid("referral_file_id").references(() => referralFiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("cart_items_user_id_test_id_key").on(t.userId, t.testId),
    check("cart_items_collection_type_check", oneOf(t.collectionType, collectionTypes)),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
    // The referral files still in use (forgetUnusedReferralFiles), and the deletion's "set null".
    index("cart_items_referral_file_idx").on(t.referralFileId).where(sql`${t.referralFileId} is not null`),
    check("cart_items_resumed_price_and_quantity", sql`(${t.unitPriceFils} is null) = (${t.resumedQuantity} is null)`),
  ],
);

export const paymentMethods = ["stripe", "cash_on_delivery"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/** Where an order was placed: checkout (the cart's lines) or Book This Test (one test, the cart untouched). */
export const orderSources = ["cart", "book_test"] as const;

export const orders = pgTable(
  "orders",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    totalAmountFils: fils("total_amount_fils").notNull(),
    paymentMethod: text("payment_method", { enum: paymentMethods }).notNull(),
    /** refunded: paid after the order was closed, see paymentRefunds. Changed only by transitionOrder. */
    paymentStatus: text("payment_status", { enum: paymentStatuses }).notNull().default(openOrderState.paymentStatus),
    /** Changed only by transitionOrder. */
    orderStatus: text("order_status", { enum: orderStatuses }).notNull().default(openOrderState.orderStatus),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone"),
    notes: text("notes"),
    scheduledDate: date("scheduled_date", { mode: "string" }),
    scheduledTime: text("scheduled_time"),
    paymentSessionId: text("payment_session_id").unique(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** A card order's slots are held until then; the release job frees them after it. */
    slotHoldExpiresAt: timestamp("slot_hold_expires_at", { withTimezone: true, mode: "date" }),
    /** When the order's held slots were given back (expired, cancelled or failed payment). */
    slotsReleasedAt: timestamp("slots_released_at", { withTimezone: true, mode: "date" }),
    /** The language of the page the order was placed on: its messages' language (decision 0058). Null before issue 26. */
    language: text("language", { enum: messageLanguages }),
    /** A paid order's tests leave the cart only when it was placed from the cart. */
    placedFrom: text("placed_from", { enum: orderSources }).notNull().default("cart"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("orders_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    // Analytics (decision 0074): the payments of a day.
    index("orders_paid_at_idx").on(t.paidAt).where(sql`${t.paidAt} is not null`),
    index("orders_slot_hold_expires_idx").on(t.slotHoldExpiresAt).where(sql`${t.slotsReleasedAt} is null and ${t.slotHoldExpiresAt} is not null`),
    check("orders_payment_status_check", oneOf(t.paymentStatus, paymentStatuses)),
    check("orders_order_status_check", oneOf(t.orderStatus, orderStatuses)),
    check("orders_language_check", oneOf(t.language, messageLanguages)),
    check("orders_placed_from_check", oneOf(t.placedFrom, orderSources)),
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
    /** A test, or the home-collection fee of one lab visit (its own line). */
    kind: text("kind", { enum: orderLineKinds }).notNull().default("test"),
    /** The lab whose offer was bought, its name then, and the collection chosen. */
    labId: uuid("lab_id").references(() => labs.id, { onDelete: "set null" }),
    labName: text("lab_name"),
    collectionType: text("collection_type", { enum: collectionTypes }),
    /** The held slot (quantity units of it) and the home-collection address. */
    slotStart: timestamp("slot_start", { withTimezone: true, mode: "date" }),
    homeAddress: text("home_address"),
    homeArea: text("home_area"),
    /** The saved patient of each unit, as chosen at checkout (one booking per unit). */
    patientIds: uuid("patient_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** The doctor's referral of the line (issue 26), copied onto each of its bookings. */
    referralDoctorName: text("referral_doctor_name"),
    referralFileId: uuid("referral_file_id").references(() => referralFiles.id, { onDelete: "set null" }),
  },
  (t) => [
    index("order_items_order_id_idx").on(t.orderId),
    index("order_items_referral_file_idx").on(t.referralFileId).where(sql`${t.referralFileId} is not null`),
    check("order_items_kind_check", oneOf(t.kind, orderLineKinds)),
    check("order_items_collection_type_check", oneOf(t.collectionType, collectionTypes)),
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
    /** Changed only by transitionBooking. */
    status: text("status", { enum: bookingStatuses }).notNull().default(initialBookingStatus),
    /** Walk-in or home collection; null for bookings made before labs had slots. */
    collectionType: text("collection_type", { enum: collectionTypes }),
    /** The lab slot this booking holds one unit of (scheduled_date/time give it in Asia/Dubai). */
    slotStart: timestamp("slot_start", { withTimezone: true, mode: "date" }),
    homeAddress: text("home_address"),
    homeArea: text("home_area"),
    /** The offer's price when booked, and the home-collection fee charged for this visit. */
    priceFils: fils("price_fils"),
    homeCollectionFeeFils: fils("home_collection_fee_fils"),
    /** The saved patient booked for, and what the lab needs of them (reference ranges): date of birth and sex. */
    savedPatientId: uuid("saved_patient_id").references(() => savedPatients.id, { onDelete: "set null" }),
    patientDateOfBirth: date("patient_date_of_birth", { mode: "string" }),
    patientSex: text("patient_sex", { enum: patientSexes }),
    /** The referral given for a test that needs one: the doctor's name, or an uploaded file. */
    referralDoctorName: text("referral_doctor_name"),
    referralFileId: uuid("referral_file_id").references(() => referralFiles.id, { onDelete: "set null" }),
    /** The calendar event's SEQUENCE: raised by each reschedule and by a cancellation (same UID). */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /** The slot start the 24-hour reminder was queued for; a reschedule makes it due again. */
    reminderQueuedFor: timestamp("reminder_queued_for", { withTimezone: true, mode: "date" }),
    /** The fee kept when the customer cancelled late (less than 24 hours before), or of a no-show. */
    cancellationFeeFils: fils("cancellation_fee_fils"),
    /** When the lab marked the sample collected (partner portal). */
    sampleCollectedAt: timestamp("sample_collected_at", { withTimezone: true, mode: "date" }),
    /** Why the lab cancelled the booking (partner portal); null for any other cancellation. */
    labCancellationReason: text("lab_cancellation_reason", { enum: labCancellationReasons }),
    /** The language of the page the booking was made on, for a booking outside an order (decision 0058). */
    language: text("language", { enum: messageLanguages }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bookings_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    // A lab's day view and its bookings per slot.
    index("bookings_lab_slot_idx").on(t.labId, t.slotStart),
    index("bookings_user_scheduled_idx").on(t.userId, t.scheduledDate.desc().nullsFirst()),
    index("bookings_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    index("bookings_order_id_idx").on(t.orderId),
    // Analytics (decision 0074): the visits of a day (cash collected).
    index("bookings_scheduled_date_idx").on(t.scheduledDate),
    // Reminders due and bookings overdue: the active bookings by slot time.
    index("bookings_active_slot_idx").on(t.slotStart).where(sql`${t.status} in ('pending', 'confirmed')`),
    // Overdue bookings made without a slot: their day (overdueCondition).
    index("bookings_active_unslotted_idx").on(t.scheduledDate).where(sql`${t.status} in ('pending', 'confirmed') and ${t.slotStart} is null`),
    index("bookings_referral_file_idx").on(t.referralFileId).where(sql`${t.referralFileId} is not null`),
    check("bookings_status_check", oneOf(t.status, bookingStatuses)),
    check("bookings_collection_type_check", oneOf(t.collectionType, collectionTypes)),
    check("bookings_language_check", oneOf(t.language, messageLanguages)),
    check("bookings_lab_cancellation_reason_check", oneOf(t.labCancellationReason, labCancellationReasons)),
  ],
);

/**
 * Hosted-checkout sessions of the built-in demo card provider (used when STRIPE_SECRET_KEY is
 * unset and demo payments are allowed). Kept in the database so every app process sees them.
 */
export const demoPaymentSessions = pgTable(
  "demo_payment_sessions",
  {
    id: text("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountFils: fils("amount_fils").notNull(),
    status: text("status", { enum: demoSessionStatuses }).notNull().default(initialDemoSessionStatus),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("demo_payment_sessions_status_check", oneOf(t.status, demoSessionStatuses))],
);

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
    /** The booking cancelled or moved by its customer (booking_cancelled, reschedule_difference). */
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    /** The checkout session whose payment is refunded. */
    paymentSessionId: text("payment_session_id"),
    providerRefundId: text("provider_refund_id"),
    status: text("status", { enum: refundStatuses }).notNull().default(initialRefundStatus),
    lastError: text("last_error"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The admin's recent refunds, newest first (id breaks ties).
    index("payment_refunds_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("payment_refunds_order_id_idx").on(t.orderId),
    check("payment_refunds_amount_positive", sql`${t.amountFils} > 0`),
    check("payment_refunds_status_check", oneOf(t.status, refundStatuses)),
  ],
);

export const statusSubjects = ["order", "booking"] as const;
/** schedule: a reschedule; its values read "yyyy-MM-dd HH:mm · Lab name" (Asia/Dubai). */
export const statusFields = ["payment_status", "order_status", "status", "schedule"] as const;

/**
 * The audit trail of the order and booking lifecycles: one row per status change (and per
 * creation, with no previous status), written by transitionOrder / transitionBooking in the
 * transaction of the change. No foreign key: the history outlives a deleted order or booking.
 */
export const statusChanges = pgTable(
  "status_changes",
  {
    id: id(),
    subject: text("subject", { enum: statusSubjects }).notNull(),
    subjectId: uuid("subject_id").notNull(),
    field: text("field", { enum: statusFields }).notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorKind: text("actor_kind", { enum: actorKinds }).notNull(),
    /** The user (customer or admin) who made the change; null for the system and the payment provider. */
    actorId: text("actor_id"),
    /** The move made, e.g. cancel, supersede, pay, admin. */
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("status_changes_subject_idx").on(t.subjectId, t.createdAt),
    // Analytics (decision 0074): the changes of a day, and those after the roll-up's watermark.
    index("status_changes_created_at_idx").on(t.createdAt),
    check("status_changes_subject_check", oneOf(t.subject, statusSubjects)),
    check("status_changes_field_check", oneOf(t.field, statusFields)),
    check("status_changes_actor_kind_check", oneOf(t.actorKind, actorKinds)),
  ],
);
