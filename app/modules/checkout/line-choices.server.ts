import { z } from "zod";
import { collectsInArea } from "~/modules/catalog/area-offers";
import type { PatientDetails } from "~/modules/booking/schemas";
import { bookingOptionsOfMany, preparationsOf } from "~/modules/booking/booking-options.server";
import { CART_OVER_LIMIT_MESSAGE, cartOverLimit } from "~/modules/cart/cart-line";
import { checkoutLinesForUser, saveLineChoices, saveLinePatients, type CheckoutLine, type LineChoice } from "~/modules/cart/cart.server";
import { readLinePatients } from "~/modules/checkout/line-patients.server";
import { readLineReferrals, saveReferrals } from "~/modules/checkout/line-referrals.server";
import { lineErrorKey, lineField, type CheckoutLineView } from "~/modules/checkout/line-choices";
import { HomeAddressError, planOrderLines, type SlotUnavailableError } from "~/modules/orders/order-lines.server";
import type { SlotRefusal } from "~/modules/orders/order-slots.server";
import { defaultCollectionType, SLOT_TAKEN_MESSAGE, type CollectionType } from "~/modules/slots/collection-types";
import { dubaiDateTime, slotStartFor } from "~/modules/slots/schedule";
import { appointmentsOf } from "~/modules/slots/appointment-time";
import { accountBookingsOn } from "~/modules/booking/day-bookings.server";
import { freeSlotsForDay, freeSlotsOfLabDays, type DaySlot, type LabDay } from "~/modules/slots/slots.server";
import { serverT } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { localizedField } from "~/i18n/localized-field";
import { formatCalendarDate } from "~/i18n/use-format";
import type { FieldErrors } from "~/utils/form-result";
import { text } from "~/utils/text-schema";
import { getSavedHomeAddress } from "~/modules/accounts/saved-patients.server";
import { homeAddressLine } from "~/modules/accounts/saved-patient-schema";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const NEAREST_TIMES = 3;

const ChoiceSchema = z.object({
  labId: z.uuid().nullable().catch(null),
  collectionType: z.enum(["walk_in", "home"]).nullable().catch(null),
  slotTime: z.string().regex(TIME).nullable().catch(null),
  homeAddress: text().trim().max(300).nullable().catch(null),
  homeArea: text().trim().max(100).nullable().catch(null),
});

/** The line messages' texts in the request's language (namespace "checkout"). */
function lineTexts(language: Language) {
  const t = serverT(language, "checkout");
  return {
    t,
    collection: (type: CollectionType) => (type === "home" ? t("home collection") : t("walk-in")),
    date: (date: string) => formatCalendarDate(date, language),
    name: (english: string, arabic: string | null | undefined) => localizedField(english, arabic, language).text,
  };
}

/**
 * The details step's lines: each with its labs, choices and the lab's slots on `date`, in a fixed
 * number of statements whatever the cart's size (the lines, their offers, their lab-days' slots,
 * their tests' preparations).
 */
export async function checkoutLineViews(userId: string, date: string | null, patients?: { id: string }[]): Promise<CheckoutLineView[]> {
  // A unit whose saved patient was deleted meanwhile shows "the patient in the details form" again.
  const known = patients ? new Set(patients.map((patient) => patient.id)) : null;
  const [lines, saved] = await Promise.all([checkoutLinesForUser(userId), getSavedHomeAddress(userId)]);
  // A line without its own address starts from the one saved on the account (issue 26).
  const savedLine = saved.homeBuilding ? homeAddressLine(saved) : null;
  const offered = lines.filter((line) => line.offerCount > 0);
  const [options, preparations] = await Promise.all([
    bookingOptionsOfMany(
      offered.map((line) => ({ testId: line.testId, labId: line.labId ?? line.chosenLabId, type: line.collectionType ?? defaultCollectionType, date })),
    ),
    preparationsOf(offered.map((line) => line.testId)),
  ]);
  const optionsByTest = new Map(offered.map((line, index) => [line.testId, options[index]]));
  return lines.map((line) => {
    const type = line.collectionType ?? defaultCollectionType;
    const lineOptions = optionsByTest.get(line.testId) ?? { labs: [], labId: null, slots: null };
    return {
      testId: line.testId,
      testName: line.testName,
      testNameAr: line.testNameAr,
      quantity: line.quantity,
      labs: lineOptions.labs,
      labId: line.labId ?? lineOptions.labId,
      collectionType: type,
      slotTime: line.slotStart ? dubaiDateTime(line.slotStart).time : "",
      homeAddress: line.homeAddress ?? savedLine,
      homeArea: line.homeArea ?? saved.homeArea,
      patientIds: Array.from({ length: line.quantity }, (_, unit) => {
        const id = line.patientIds[unit];
        return id && (!known || known.has(id)) ? id : "";
      }),
      slots: lineOptions.slots,
      preparation: preparations.get(line.testId) ?? null,
      referral: line.referralRequirement,
      referralDoctorName: line.referralDoctorName,
      hasReferralFile: line.referralFileId !== null,
    };
  });
}

/** The free times of a lab-day nearest to `time`, e.g. "08:30, 09:30". */
function nearestTimes(day: DaySlot[], date: string, time: string) {
  const target = slotStartFor(date, time).getTime();
  return day
    .filter((slot) => slot.status === "free")
    .sort((a, b) => Math.abs(a.start.getTime() - target) - Math.abs(b.start.getTime() - target))
    .slice(0, NEAREST_TIMES)
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .map((slot) => slot.time);
}

/**
 * What the patient is told when a line's slot cannot be had; it names the line, the lab and the
 * time (and the lab's nearest free times that day, from `day` when the caller has its slots).
 */
export async function slotProblemMessage(
  line: { testName: string; labId: string; labName: string; type: CollectionType; start: Date },
  reason: SlotRefusal,
  language: Language = "en",
  day?: DaySlot[],
) {
  const { t, collection, date: dayText } = lineTexts(language);
  const { date, time } = dubaiDateTime(line.start);
  const where = { test: line.testName, lab: line.labName, when: t("{{date}} at {{time}}", { date: dayText(date), time }) };
  if (reason === "full") return t("{{test}} at {{lab}}, {{when}}: {{problem}}.", { ...where, problem: t(SLOT_TAKEN_MESSAGE) });
  if (reason === "too-soon") {
    return t("{{test}} at {{lab}}, {{when}}: that time has passed or is less than 2 hours away. Please choose a later time.", where);
  }
  const nearest = nearestTimes(day ?? (await freeSlotsForDay(line.labId, line.type, date)), date, time);
  const offer =
    nearest.length > 0
      ? t(" Nearest free times: {{times}}.", { times: nearest.join(language === "ar" ? "، " : ", ") })
      : t(" It has no free times that day; please choose another day or lab.");
  return `${t("{{test}}: {{lab}} has no {{collection}} slot at {{time}} on {{date}}.", { test: line.testName, lab: line.labName, collection: collection(line.type), time, date: dayText(date) })}${offer}`;
}

/** The message for an order refused because of one line's slot or home address. */
export async function orderRefusalMessage(error: SlotUnavailableError | HomeAddressError, language: Language = "en") {
  if (error instanceof HomeAddressError) {
    return lineTexts(language).t("{{test}}: home collection needs an address in an area the lab serves", { test: error.testName });
  }
  const { slot } = error;
  return slotProblemMessage({ ...slot, labName: slot.labName ?? lineTexts(language).t("the lab") }, error.reason, language);
}

/** Reads one line's choices from the details form. */
function readChoice(form: Record<string, unknown>, testId: string) {
  const value = (name: Parameters<typeof lineField>[0]) => {
    const raw = form[lineField(name, testId)];
    return typeof raw === "string" && raw.trim() !== "" ? raw : null;
  };
  return ChoiceSchema.parse({
    labId: value("labId"),
    collectionType: value("collectionType"),
    slotTime: value("slotTime"),
    homeAddress: value("homeAddress"),
    homeArea: value("homeArea"),
  });
}

/** Where and when a line is taken: its lab-day (null for a line without a lab) and its slot's start. */
function lineVisit(line: CheckoutLine, details: Pick<PatientDetails, "scheduledDate" | "scheduledTime">) {
  const type = line.collectionType ?? defaultCollectionType;
  const start = line.slotStart ?? slotStartFor(details.scheduledDate, details.scheduledTime);
  const day: LabDay | null = line.labId ? { labId: line.labId, type, date: dubaiDateTime(start).date } : null;
  return { type, start, day };
}

/** Checks one line against its lab: offered for that collection, home address served, slot free and not too soon. */
async function lineProblem(
  line: CheckoutLine,
  details: Pick<PatientDetails, "scheduledDate" | "scheduledTime">,
  language: Language,
  slotsOf: (day: LabDay) => DaySlot[],
): Promise<string | null> {
  const { t, collection, name } = lineTexts(language);
  const { type, start, day } = lineVisit(line, details);
  const test = name(line.testName, line.testNameAr);
  if (!line.labId || !line.labName || !day) {
    return line.offerCount > 0 ? t("{{test}}: no lab offers {{collection}} for this test. Please choose walk-in.", { test, collection: collection(type) }) : null;
  }
  const lab = name(line.labName, line.labNameAr);
  if (line.chosenLabId && line.chosenLabId !== line.labId) {
    return t("{{test}}: the lab you chose does not offer {{collection}} for this test. Please choose another lab.", { test, collection: collection(type) });
  }
  if (type === "home") {
    if (!line.homeAddress) return t("{{test}}: please enter the address for home collection.", { test });
    if (!line.homeArea || !collectsInArea(line.homeCollectionAreas ?? [], line.homeArea)) {
      const areas = (line.homeCollectionAreas ?? []).join(", ") || t("no areas");
      return t("{{test}}: {{lab}} collects at home only in {{areas}}. Please choose one of them or another lab.", { test, lab, areas });
    }
  }
  const slots = slotsOf(day);
  const slot = slots.find((candidate) => candidate.start.getTime() === start.getTime());
  const reason: SlotRefusal | null = !slot ? "not-offered" : slot.status === "too-soon" ? "too-soon" : slot.status === "full" ? "full" : null;
  return reason ? slotProblemMessage({ testName: test, labId: line.labId, labName: lab, type, start }, reason, language, slots) : null;
}

/**
 * The details step's line choices: saves each line's lab, collection type, own time (on the
 * appointment date) and home address on the customer's cart, then checks every line. Returns
 * the problems by line (field key `line:{testId}`; `cart` for a cart above the cart's limits,
 * which is not saved); empty when checkout may go on. The saved patient of each unit is checked
 * first (`patients:{testId}`: one of the account's, not twice in a line): a refused choice saves nothing. A fixed
 * number of statements whatever the cart's size: the lines, one write of every choice, the lines
 * again (with the labs the choices lead to), and the slots of every line's lab-day.
 */
export async function saveAndCheckLineChoices(
  userId: string,
  details: Pick<PatientDetails, "scheduledDate" | "scheduledTime">,
  form: Record<string, unknown>,
  language: Language = "en",
): Promise<FieldErrors> {
  const before = await checkoutLinesForUser(userId);
  if (cartOverLimit(before)) return { cart: [CART_OVER_LIMIT_MESSAGE] };
  const patients = await readLinePatients(userId, before, form);
  if (!patients.ok) {
    const { t } = lineTexts(language);
    return Object.fromEntries(Object.entries(patients.problems).map(([key, messages]) => [key, (messages ?? []).map((message) => t(message as never))]));
  }
  // The doctor's referral each line's test asks for (issue 26): a refused one saves nothing either.
  const referrals = await readLineReferrals(before, form);
  if (!referrals.ok) {
    const { t, name } = lineTexts(language);
    return Object.fromEntries(
      Object.entries(referrals.problems).map(([key, problem]) => [key, [t("{{test}}: {{problem}}", { test: name(problem.testName, problem.testNameAr), problem: t(problem.message as never) })]]),
    );
  }
  const choices: LineChoice[] = before
    .filter((line) => line.offerCount > 0)
    .map((line) => {
      const choice = readChoice(form, line.testId);
      return {
        testId: line.testId,
        labId: choice.labId,
        collectionType: choice.collectionType,
        // The line's slot is its appointment time (issue 26): always saved, never "the order's time".
        slotStart: slotStartFor(details.scheduledDate, choice.slotTime ?? details.scheduledTime),
        homeAddress: choice.homeAddress,
        homeArea: choice.homeArea,
      };
    });
  await saveLineChoices(userId, choices);
  await saveLinePatients(userId, patients.lines);
  await saveReferrals(userId, referrals.lines);
  const lines = await checkoutLinesForUser(userId);
  const slotsOf = await freeSlotsOfLabDays(lines.flatMap((line) => lineVisit(line, details).day ?? []));
  const problems: FieldErrors = {};
  for (const line of lines) {
    const problem = await lineProblem(line, details, language, slotsOf);
    if (problem) problems[lineErrorKey(line.testId)] = [problem];
  }
  return problems;
}

/** The payment step's summary: the order lines checkout will write (fees included) and the total. */
export async function checkoutSummary(userId: string, details: Pick<PatientDetails, "scheduledDate" | "scheduledTime">) {
  const lines = await checkoutLinesForUser(userId);
  const testNamesAr = new Map(lines.map((line) => [line.testId, line.testNameAr]));
  const labNamesAr = new Map(lines.map((line) => [line.labId, line.labNameAr]));
  try {
    const { rows, totalFils } = planOrderLines(lines, details);
    const tested = rows.filter((row) => (row.kind ?? "test") === "test");
    const appointments = appointmentsOf(tested.some((row) => row.slotStart) ? tested : [details]);
    // The account's other bookings on the order's days, shown before it is placed (decision 0051); not those of the order it resumes.
    const resumed = [...new Set(lines.flatMap((line) => (line.resumedFromOrderId ? [line.resumedFromOrderId] : [])))];
    const days = [...new Set(appointments.map((appointment) => appointment.date))];
    const dayBookings = (await Promise.all(days.map(async (date) => ({ date, booked: await accountBookingsOn(userId, date, { excludeOrderIds: resumed }) })))).filter(
      (day) => day.booked.length > 0,
    );
    return {
      /** When the patient is expected: each distinct slot of the order's tests, earliest first (the payment step's "Appointment"). */
      appointments,
      dayBookings,
      rows: rows.map((row, index) => ({
        key: `${row.kind}-${row.testId ?? index}-${row.labId ?? ""}`,
        kind: row.kind ?? "test",
        name: row.testName,
        nameAr: row.testId ? (testNamesAr.get(row.testId) ?? null) : null,
        labNameAr: row.labId ? (labNamesAr.get(row.labId) ?? null) : null,
        quantity: row.quantity,
        totalFils: row.totalPriceFils ?? row.quantity * row.unitPriceFils,
        labName: row.labName ?? null,
        collectionType: row.collectionType ?? null,
        slot: row.slotStart ? dubaiDateTime(row.slotStart) : null,
      })),
      totalFils,
    };
  } catch (error) {
    if (error instanceof HomeAddressError) return null;
    throw error;
  }
}
