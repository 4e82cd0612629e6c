import { asc, desc, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db, isAnyOf, preparedQuery } from "~/db/db.server";
import { bookings, labs, orderItems, orders, paymentRefunds, tests } from "~/db/schema";
import { isActiveBooking } from "~/modules/lifecycle/booking-status";
import { htmlToPlainText } from "~/utils/sanitize-html";
import type { CollectionType } from "~/modules/slots/collection-types";
import { nearbyVisits } from "~/modules/slots/nearby-visits";
import { appointmentOf, type AppointmentSource } from "~/modules/slots/appointment-time";
import { documentsOfOrders } from "~/modules/invoices/invoice-documents.server";
import { cashDueOfOrders } from "~/modules/invoices/order-due.server";

const ORDER_HISTORY_LIMIT = 50;
const BOOKINGS_LIMIT = 100;

/** What the customer sees of an order: its total, payment method and statuses. */
export const orderSummaryColumns = {
  id: orders.id,
  totalAmountFils: orders.totalAmountFils,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  orderStatus: orders.orderStatus,
};

const ordersOfUser = preparedQuery("orders_of_user", (database) =>
  database
    .select({
      ...orderSummaryColumns,
      scheduledDate: orders.scheduledDate,
      scheduledTime: orders.scheduledTime,
      customerName: orders.customerName,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, sql.placeholder("userId")))
    .orderBy(desc(orders.createdAt))
    .limit(ORDER_HISTORY_LIMIT),
);

const itemsOfOrders = preparedQuery("items_of_orders", (database) =>
  database
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      testId: orderItems.testId,
      testName: orderItems.testName,
      testNameAr: tests.nameAr,
      quantity: orderItems.quantity,
      unitPriceFils: orderItems.unitPriceFils,
      totalPriceFils: orderItems.totalPriceFils,
      kind: orderItems.kind,
      labName: orderItems.labName,
      labNameAr: labs.nameAr,
      collectionType: orderItems.collectionType,
      slotStart: orderItems.slotStart,
    })
    .from(orderItems)
    .leftJoin(tests, eq(tests.id, orderItems.testId))
    .leftJoin(labs, eq(labs.id, orderItems.labId))
    .where(isAnyOf(orderItems.orderId, "orderIds", "uuid"))
    .orderBy(asc(orderItems.id)),
);

const bookingsOfOrders = preparedQuery("bookings_of_orders", (database) =>
  database
    .select({
      id: bookings.id,
      orderId: bookings.orderId,
      testId: bookings.testId,
      status: bookings.status,
      patientName: bookings.patientName,
      labName: labs.name,
      labNameAr: labs.nameAr,
      collectionType: bookings.collectionType,
      slotStart: bookings.slotStart,
      scheduledDate: bookings.scheduledDate,
      scheduledTime: bookings.scheduledTime,
    })
    .from(bookings)
    .leftJoin(labs, eq(labs.id, bookings.labId))
    .where(isAnyOf(bookings.orderId, "orderIds", "uuid"))
    .orderBy(asc(bookings.createdAt), asc(bookings.id)),
);

/**
 * The signed-in user's own orders, newest first, each with its items and each test line's
 * bookings (`visits`): where, when and for whom each booking is, from the booking itself (issue
 * 26: one unit of a two-patient line can be rescheduled on its own, so a line has no one time).
 */
export async function ordersForUser(userId: string) {
  const rows = await ordersOfUser().execute({ userId });
  if (rows.length === 0) return [];
  const orderIds = rows.map((row) => row.id);
  const cashOpen = rows.filter((row) => row.paymentMethod === "cash_on_delivery" && row.paymentStatus === "pending" && row.orderStatus === "pending");
  const [items, refunds, statuses, documents, dues] = await Promise.all([
    itemsOfOrders().execute({ orderIds }),
    refundsOf("orderId", orderIds),
    bookingsOfOrders().execute({ orderIds }),
    documentsOfOrders(userId, orderIds),
    cashDueOfOrders(db, cashOpen.map((row) => row.id)),
  ]);
  return rows.map((row) => ({
    ...row,
    // What is left to pay at collection on an open cash-on-delivery order (less its cancelled bookings).
    cashDueFils: dues.get(row.id) ?? null,
    documents: documents[row.id] ?? null,
    // Who each test line is for and when: its bookings (one per unit when the units name saved patients).
    items: items
      .filter((item) => item.orderId === row.id)
      .map((item) => {
        const visits = statuses.filter((booking) => booking.orderId === row.id && item.testId && booking.testId === item.testId);
        return { ...item, patientNames: [...new Set(visits.map((booking) => booking.patientName))], visits };
      }),
    bookingStatuses: statuses.filter((booking) => booking.orderId === row.id).map((booking) => booking.status),
    refunds: refunds.filter((refund) => refund.orderId === row.id),
  }));
}

const refundColumns = {
  id: paymentRefunds.id,
  orderId: paymentRefunds.orderId,
  bookingId: paymentRefunds.bookingId,
  amountFils: paymentRefunds.amountFils,
  reason: paymentRefunds.reason,
  status: paymentRefunds.status,
  createdAt: paymentRefunds.createdAt,
};

/** The refunds whose order or booking (the column) is one of the ids, oldest first. */
const refundsWhere = (name: string, column: AnyPgColumn) =>
  preparedQuery(name, (database) =>
    database
      .select(refundColumns)
      .from(paymentRefunds)
      .where(isAnyOf(column, "ids", "uuid"))
      .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id)),
  );

const refundsOfOrders = refundsWhere("refunds_of_orders", paymentRefunds.orderId);
const refundsOfBookings = refundsWhere("refunds_of_bookings", paymentRefunds.bookingId);

/** The refunds of these orders or bookings, oldest first: what the customer got back and where each stands. */
async function refundsOf(key: "orderId" | "bookingId", ids: string[]) {
  if (ids.length === 0) return [];
  return (key === "orderId" ? refundsOfOrders() : refundsOfBookings()).execute({ ids });
}

/** What My Bookings says of a patient's other visit nearby: when, and at which lab and how. */
function nearbyVisitOf(visit: (AppointmentSource & { labName: string | null; labNameAr: string | null; collectionType: CollectionType | null }) | undefined) {
  const appointment = visit && appointmentOf(visit);
  if (!appointment) return null;
  return { time: appointment.time, labName: visit.labName, labNameAr: visit.labNameAr, collectionType: visit.collectionType };
}

const bookingsOfUser = preparedQuery("bookings_of_user", (database) =>
  database
    .select({
      id: bookings.id,
      scheduledDate: bookings.scheduledDate,
      scheduledTime: bookings.scheduledTime,
      slotStart: bookings.slotStart,
      patientName: bookings.patientName,
      status: bookings.status,
      createdAt: bookings.createdAt,
      labId: bookings.labId,
      labName: labs.name,
      labNameAr: labs.nameAr,
      collectionType: bookings.collectionType,
      homeArea: bookings.homeArea,
      homeAddress: bookings.homeAddress,
      priceFils: bookings.priceFils,
      cancellationFeeFils: bookings.cancellationFeeFils,
      sampleCollectedAt: bookings.sampleCollectedAt,
      labCancellationReason: bookings.labCancellationReason,
      testName: tests.name,
      testNameAr: tests.nameAr,
      testPriceFils: tests.priceFils,
      /** Paid by card (its order's payment arrived): a late cancellation keeps a fee. */
      paidByCard: sql<boolean>`coalesce(${orders.paymentStatus} = 'paid', false)`,
      preparation: tests.preparationInstructions,
      preparationAr: tests.preparationInstructionsAr,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
    })
    .from(bookings)
    .leftJoin(tests, eq(tests.id, bookings.testId))
    .leftJoin(labs, eq(labs.id, bookings.labId))
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .where(eq(bookings.userId, sql.placeholder("userId")))
    .orderBy(desc(bookings.createdAt))
    .limit(BOOKINGS_LIMIT),
);

/**
 * The signed-in user's own bookings, newest first, with the test's name and price (the booked
 * lab's price when there is one), where and when, what to prepare, how it is paid, the
 * late-cancellation fee kept, the refunds, and the patient's visit at another place soon before
 * or after (`nearby`, nearby-visits.ts).
 */
export async function bookingsForUser(userId: string) {
  const rows = await bookingsOfUser().execute({ userId });
  const refunds = await refundsOf("bookingId", rows.map((row) => row.id));
  const nearby = nearbyVisits(rows.filter((row) => isActiveBooking(row.status)).map((row) => ({ ...row, type: row.collectionType })));
  return rows.map(({ preparation, preparationAr, homeArea: _area, homeAddress: _address, ...row }) => ({
    ...row,
    nearby: nearbyVisitOf(nearby.get(row.id)),
    // What to prepare, as plain text, for the visits still ahead (issue 26: the phone's booking card).
    preparation: isActiveBooking(row.status) ? htmlToPlainText(preparation) || null : null,
    preparationAr: isActiveBooking(row.status) ? htmlToPlainText(preparationAr) || null : null,
    refunds: refunds.filter((refund) => refund.bookingId === row.id),
  }));
}
