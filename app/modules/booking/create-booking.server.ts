import { eq } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { bookings, tests } from "~/db/schema";
import { serverT } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { localizedField } from "~/i18n/localized-field";
import { withinBookingHorizon } from "~/modules/booking/booking-horizon.server";
import { bookingPayloads } from "~/modules/booking/booking-payload.server";
import { createBookTestOrder } from "~/modules/booking/book-test-order.server";
import { BEYOND_HORIZON_MESSAGE } from "~/modules/booking/change-policy";
import { initialBookingStatus } from "~/modules/lifecycle/booking-status";
import type { BookingChoices, BookingInput, PatientDetails } from "~/modules/booking/schemas";
import { collectsInArea } from "~/modules/catalog/area-offers";
import { offerAllows, offersForTest, type OfferComparisonRow } from "~/modules/catalog/offers.server";
import type { Actor } from "~/modules/lifecycle/order-status";
import { notifyBookingsConfirmed } from "~/modules/notifications/notify.server";
import { reminderCoveredFor } from "~/modules/notifications/reminders.server";
import { recordStatusChanges } from "~/modules/lifecycle/status-history.server";
import { getNow } from "~/modules/slots/clock.server";
import { SLOT_TAKEN_MESSAGE, type CollectionType } from "~/modules/slots/collection-types";
import { slotStartFor } from "~/modules/slots/schedule";
import { appointmentOf, type AppointmentSource } from "~/modules/slots/appointment-time";
import { formatCalendarDate } from "~/i18n/use-format";
import { formatAed } from "~/utils/money";
import { holdSlot, SlotNotOfferedError, SlotTooSoonError } from "~/modules/slots/slots.server";
import { bookingLimitPassed, type BookingLimitError, lockAccountHoldings } from "~/modules/slots/account-limits.server";
import { emitWebhookEvents } from "~/modules/webhooks/emit-event.server";
import { twoPlacesConflict } from "~/modules/slots/patient-conflicts.server";
import { savedPatientsByIds, type SavedPatient } from "~/modules/accounts/saved-patients.server";
import { readReferral, referralColumns } from "~/modules/booking/referral-upload.server";

/**
 * Inserts pending bookings (built by pendingBooking) and, in the caller's transaction, writes
 * their creation to the audit trail and queues their booking_created events and confirmation
 * e-mails (a slot less than 24 hours away gets no separate reminder: see reminderCoveredFor).
 */
export async function insertBookings(tx: Transaction, rows: (typeof bookings.$inferInsert)[], actor: Actor) {
  if (rows.length === 0) return [];
  const now = getNow();
  const created = await tx
    .insert(bookings)
    .values(rows.map((row) => ({ ...row, reminderQueuedFor: reminderCoveredFor(row.slotStart, now) })))
    .returning();
  await recordStatusChanges(
    tx,
    actor,
    created.map((booking) => ({ subject: "booking", subjectId: booking.id, field: "status", from: null, to: booking.status, reason: "create" })),
  );
  const payloads = await bookingPayloads(
    tx,
    created.map((booking) => booking.id),
  );
  // A fixed number of statements however many bookings an order makes (issue 25).
  await emitWebhookEvents(
    tx,
    "booking_created",
    created.map((booking) => payloads.get(booking.id)!),
  );
  await notifyBookingsConfirmed(
    tx,
    created.map((booking) => booking.id),
  );
  return created;
}

/**
 * Where and how a booking's sample is taken: the lab whose offer was booked, the offer's price
 * then, the collection type, the held slot, and for home collection the address and the fee.
 */
export type BookingLabVisit = {
  labId: string;
  priceFils: number;
  collectionType: CollectionType;
  slotStart: Date;
  homeAddress?: string | null;
  homeArea?: string | null;
  homeCollectionFeeFils?: number | null;
};

/**
 * The one booking-row builder: a pending booking of one test for the patient in the form,
 * optionally part of an order, and at a lab's slot when the test is booked through an offer.
 */
export function pendingBooking(
  userId: string,
  testId: string | null,
  details: PatientDetails,
  orderId: string | null = null,
  visit: BookingLabVisit | null = null,
): typeof bookings.$inferInsert {
  return {
    userId,
    testId,
    orderId,
    scheduledDate: details.scheduledDate,
    scheduledTime: details.scheduledTime,
    patientName: details.patientName,
    patientEmail: details.patientEmail,
    patientPhone: details.patientPhone,
    notes: details.notes,
    status: initialBookingStatus,
    ...(visit
      ? {
          labId: visit.labId,
          priceFils: visit.priceFils,
          collectionType: visit.collectionType,
          slotStart: visit.slotStart,
          homeAddress: visit.collectionType === "home" ? (visit.homeAddress ?? null) : null,
          homeArea: visit.collectionType === "home" ? (visit.homeArea ?? null) : null,
          homeCollectionFeeFils: visit.collectionType === "home" ? (visit.homeCollectionFeeFils ?? null) : null,
        }
      : {}),
  };
}

/**
 * What a booking records of a saved patient (issue 26): the name, the phone (the form's when the
 * patient has none), and what the lab needs for reference ranges, the date of birth and sex.
 */
export function savedPatientFields(patient: SavedPatient, details: Pick<PatientDetails, "patientPhone">) {
  return {
    patientName: patient.fullName,
    patientPhone: patient.phone ?? details.patientPhone,
    savedPatientId: patient.id,
    patientDateOfBirth: patient.dateOfBirth,
    patientSex: patient.sex,
  };
}

export const UNKNOWN_SAVED_PATIENT_MESSAGE = "Please choose one of the patients saved on your account";

export class TestNotFoundError extends Error {}

/**
 * A choice of the form the server refuses, with the field to show it on. A message naming a lab or
 * an area is a template of the checkout catalogue, filled in the reader's language by `describe`.
 */
export class BookingChoiceError extends Error {
  constructor(
    readonly field: "labId" | "collectionType" | "homeArea" | "scheduledDate" | "scheduledTime" | "savedPatientId" | "referral",
    private readonly template: string,
    private readonly names: { lab?: { labName: string; labNameAr: string | null }; area?: string | null } = {},
  ) {
    super(serverT("en", "checkout")(template as never, { lab: names.lab?.labName, area: names.area }));
  }

  describe(language: Language): string {
    if (!this.names.lab && !this.names.area) return this.message;
    return serverT(language, "checkout")(this.template as never, {
      lab: this.names.lab ? localizedField(this.names.lab.labName, this.names.lab.labNameAr, language).text : "",
      area: this.names.area ? serverT(language, "names")(this.names.area as never) : "",
    });
  }
}

/** Every lab that could take the booking at that time has its slot full. */
export class SlotTakenError extends Error {
  constructor() {
    super(SLOT_TAKEN_MESSAGE);
  }
}

export const LAB_NOT_OFFERING_MESSAGE = "This lab does not offer this test. Please choose another lab";
export const NOT_A_SLOT_MESSAGE = "Please choose one of the lab's time slots";

/**
 * The labs that may take this booking, in the order to try them: the chosen lab, or (no lab
 * chosen) every lab offering the test with this collection type, cheapest first. Null when the
 * test has no offers at all (booked as before the marketplace: no lab, no slot).
 */
function candidateOffers(offers: OfferComparisonRow[], input: BookingInput): OfferComparisonRow[] | null {
  const type = input.collectionType;
  if (input.labId) {
    const offer = offers.find((candidate) => candidate.labId === input.labId);
    if (!offer) throw new BookingChoiceError("labId", LAB_NOT_OFFERING_MESSAGE);
    if (!offerAllows(offer, type)) {
      throw new BookingChoiceError(
        "collectionType",
        type === "home" ? "{{lab}} does not offer home collection for this test" : "{{lab}} offers this test by home collection only",
        { lab: offer },
      );
    }
    if (type === "home" && !collectsInArea(offer.homeCollectionAreas, input.homeArea ?? "")) {
      throw new BookingChoiceError("homeArea", "{{lab}} does not collect in {{area}}. Please choose another lab or area", { lab: offer, area: input.homeArea });
    }
    return [offer];
  }
  if (offers.length === 0) {
    if (type === "home") throw new BookingChoiceError("collectionType", "Home collection is not available for this test");
    return null;
  }
  const byType = offers.filter((offer) => offerAllows(offer, type));
  if (byType.length === 0) {
    throw new BookingChoiceError("collectionType", type === "home" ? "No lab offers home collection for this test" : "No lab offers a walk-in visit for this test");
  }
  if (type !== "home") return byType;
  const serving = byType.filter((offer) => collectsInArea(offer.homeCollectionAreas, input.homeArea ?? ""));
  if (serving.length === 0) throw new BookingChoiceError("homeArea", "No lab offering this test collects in {{area}}. Please choose another area", { area: input.homeArea });
  return serving;
}

/**
 * Holds one unit of the slot at the first candidate lab that has it free and where the account's
 * limits allow the booking (`limitAt` answers the limit it would pass there; the first one is thrown
 * when no lab is left), in the caller's transaction. Each hold is one conditional
 * write (holdSlot), so capacity is never exceeded.
 */
async function holdFirstFreeSlot(
  tx: Transaction,
  candidates: OfferComparisonRow[],
  input: BookingInput,
  limitAt: (offer: OfferComparisonRow) => BookingLimitError | null,
) {
  const start = slotStartFor(input.scheduledDate, input.scheduledTime);
  let full = false;
  let tooSoon = false;
  let limited: BookingLimitError | null = null;
  for (const offer of candidates) {
    const limit = limitAt(offer);
    if (limit) {
      limited ??= limit;
      continue;
    }
    try {
      if (await holdSlot(tx, { labId: offer.labId, type: input.collectionType, start })) return { offer, start };
      full = true;
    } catch (error) {
      if (error instanceof SlotTooSoonError) tooSoon = true;
      else if (!(error instanceof SlotNotOfferedError)) throw error;
    }
  }
  if (limited) throw limited;
  if (full) throw new SlotTakenError();
  if (tooSoon) throw new BookingChoiceError("scheduledTime", new SlotTooSoonError().message);
  throw new BookingChoiceError("scheduledTime", NOT_A_SLOT_MESSAGE);
}

/**
 * Books one test for the signed-in user (the Book Test form). Validated input only. With offers,
 * the booking is at a lab: the chosen one, or the cheapest with the time free; its price is the
 * offer's (plus the lab's fee for home collection), read from the database, and it holds one unit
 * of the slot in the same transaction. A date after the booking horizon is refused, and so is
 * more than the account may hold (BookingLimitError: its open unpaid bookings, its places of the
 * slot; without a chosen lab, a lab where it holds the slot's limit is skipped). Throws
 * TestNotFoundError, BookingChoiceError, BookingLimitError or SlotTakenError.
 */
export async function createBooking(
  userId: string,
  testId: string,
  details: BookTestDetails,
  language?: Language,
  /** The form as sent, for the doctor's referral the test may ask for (issue 26). */
  form: Record<string, unknown> = {},
) {
  const { booking, test, order, labName, labNameAr } = await placeBookTest(userId, testId, details, language, form, null);
  if (!booking) throw new Error("A cash Book Test made no booking");
  // What the success message names: the test, the lab (its Arabic name too) and what is due at the visit.
  return { ...booking, testName: test.name, testNameAr: test.nameAr, labName, labNameAr, dueFils: order.totalAmountFils };
}

export type BookTestDetails = PatientDetails & Partial<BookingChoices> & { savedPatientId?: string | null };

/**
 * A card Book Test: how long its slot is held for the payment, and what it replaces (called in its
 * transaction before the slot is held; returns the checkout sessions of the orders it closed).
 */
type BookTestCard = {
  slotHoldExpiresAt: Date;
  replace?: (tx: Transaction, line: { userId: string; testId: string; patientName: string }) => Promise<(string | null)[]>;
};

/**
 * Book Test paid by card (issue 26): the same checks and the same order as createBooking, but the
 * order waits for its card payment with its slot held until `card.slotHoldExpiresAt`, and no
 * booking is made: confirming the payment makes it (bookingsForOrderItems), as for a cart's card
 * order. Returns the order and its lines, for the checkout session, and the checkout sessions of
 * the orders `card.replace` closed. Throws what createBooking throws.
 */
export async function createBookTestCardOrder(
  userId: string,
  testId: string,
  details: BookTestDetails,
  card: BookTestCard,
  language?: Language,
  form: Record<string, unknown> = {},
) {
  const { order, items, closedSessionIds } = await placeBookTest(userId, testId, details, language, form, card);
  return { order, items, closedSessionIds };
}

/** createBooking's and createBookTestCardOrder's one path: the checks, the held slot, the order, and (cash) the booking. */
async function placeBookTest(
  userId: string,
  testId: string,
  details: BookTestDetails,
  language: Language | undefined,
  form: Record<string, unknown>,
  card: BookTestCard | null,
) {
  const input: BookingInput = {
    ...details,
    savedPatientId: details.savedPatientId ?? null,
    labId: details.labId ?? null,
    collectionType: details.collectionType ?? "walk_in",
    homeAddress: details.homeAddress ?? null,
    homeArea: details.homeArea ?? null,
  };
  if (!withinBookingHorizon(input.scheduledDate)) throw new BookingChoiceError("scheduledDate", BEYOND_HORIZON_MESSAGE);
  // Read before the transaction: the embedded database runs one transaction at a time.
  const offers = await offersForTest(testId);
  const candidates = candidateOffers(offers, input);
  // The doctor's referral the test asks for (issue 26): refused before anything is written.
  const [setting] = await db.select({ referral: tests.referralRequirement }).from(tests).where(eq(tests.id, testId));
  const referral = await readReferral(setting?.referral ?? "none", form);
  if (!referral.ok) throw new BookingChoiceError("referral", referral.problem);
  return db.transaction(async (tx) => {
    const [test] = await tx
      .select({ id: tests.id, name: tests.name, nameAr: tests.nameAr, priceFils: tests.priceFils })
      .from(tests)
      .where(eq(tests.id, testId));
    if (!test) throw new TestNotFoundError(testId);
    // A saved patient of this account (issue 26): the name, phone, date of birth and sex come from
    // the saved record, never from the form.
    let patient: SavedPatient | null = null;
    if (input.savedPatientId) {
      patient = (await savedPatientsByIds(userId, [input.savedPatientId], tx)).get(input.savedPatientId) ?? null;
      if (!patient) throw new BookingChoiceError("savedPatientId", UNKNOWN_SAVED_PATIENT_MESSAGE);
      Object.assign(input, { patientName: patient.fullName, patientPhone: patient.phone ?? input.patientPhone });
    }
    const closedSessionIds = card?.replace ? await card.replace(tx, { userId, testId: test.id, patientName: input.patientName }) : [];
    // The account's limits, with its row locked: one more unpaid booking, one more place at the lab's slot.
    const slotAt = (offer: OfferComparisonRow) => ({ labId: offer.labId, type: input.collectionType, start: slotStartFor(input.scheduledDate, input.scheduledTime) });
    const holdings = await lockAccountHoldings(tx, userId, (candidates ?? []).map(slotAt));
    if (!candidates) {
      const limitPassed = bookingLimitPassed(holdings, { unpaid: [null], holds: [] });
      if (limitPassed) throw limitPassed;
    }
    let visit: BookingLabVisit | null = null;
    let labName: string | null = null;
    if (candidates) {
      const { offer, start } = await holdFirstFreeSlot(tx, candidates, input, (offer) =>
        bookingLimitPassed(holdings, { unpaid: [slotAt(offer)], holds: [{ ...slotAt(offer), units: 1 }] }),
      );
      visit = {
        labId: offer.labId,
        priceFils: offer.priceFils,
        collectionType: input.collectionType,
        slotStart: start,
        homeAddress: input.homeAddress,
        homeArea: input.homeArea,
        homeCollectionFeeFils: offer.homeCollectionFeeFils,
      };
      labName = offer.labName;
      // One patient cannot be in two places at once (issue 26).
      const twoPlaces = await twoPlacesConflict(tx, userId, [
        { patientName: input.patientName, labId: offer.labId, type: input.collectionType, start, homeArea: input.homeArea, homeAddress: input.homeAddress },
      ]);
      if (twoPlaces) throw twoPlaces;
    }
    // The referral's file is stored (sealed) in this transaction: a refused booking keeps none.
    const referralGiven = await referralColumns(tx, userId, referral.referral);
    // The booking belongs to an order of one line, paid in cash at the visit or by card (issue 26).
    const actor: Actor = { kind: "customer", id: userId };
    const { order, items } = await createBookTestOrder(
      tx,
      userId,
      input,
      {
        test,
        visit: visit
          ? {
              ...visit,
              labName: labName ?? "",
              homeAddress: visit.homeAddress ?? null,
              homeArea: visit.homeArea ?? null,
              homeCollectionFeeFils: visit.homeCollectionFeeFils ?? null,
            }
          : null,
        referral: referralGiven,
      },
      actor,
      language,
      card,
    );
    const labNameAr = candidates?.find((offer) => offer.labId === visit?.labId)?.labNameAr ?? null;
    // A card order is booked when its payment is confirmed (confirm-payment.server.ts).
    if (card) return { booking: null, order, items, test, labName, labNameAr, closedSessionIds };
    // The page's language: the booking's e-mails use it (decision 0058).
    const row = { ...pendingBooking(userId, test.id, input, order.id, visit), ...(patient ? savedPatientFields(patient, input) : {}), ...referralGiven };
    const [booking] = await insertBookings(tx, [{ ...row, language: language ?? null }], actor);
    return { booking, order, items, test, labName, labNameAr, closedSessionIds };
  });
}

/**
 * The Book Test success message: the spec's sentence, then what was booked, when (the slot), where,
 * and what is due at the visit (issue 26), in the reader's language.
 */
export function bookedMessage(
  booking: { testName: string; testNameAr: string | null; labName: string | null; labNameAr: string | null; dueFils: number } & AppointmentSource,
  language: Language,
) {
  const t = serverT(language, "checkout");
  const when = appointmentOf(booking);
  const facts = {
    test: localizedField(booking.testName, booking.testNameAr, language).text,
    lab: booking.labName ? localizedField(booking.labName, booking.labNameAr, language).text : t("the lab"),
    when: when ? t("{{date}} at {{time}}", { date: formatCalendarDate(when.date, language), time: when.time }) : "",
    amount: formatAed(booking.dueFils, language),
  };
  return `${t("Your booking has been submitted successfully")}. ${t("{{test}} at {{lab}}, {{when}}. To pay at the visit: {{amount}} (VAT included).", facts)}`;
}
