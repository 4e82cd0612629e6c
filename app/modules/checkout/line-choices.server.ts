import { z } from "zod";
import type { PatientDetails } from "~/modules/booking/schemas";
import { bookingOptions } from "~/modules/booking/booking-options.server";
import { checkoutLinesForUser, saveLineChoices, type CheckoutLine, type LineChoice } from "~/modules/cart/cart.server";
import { lineErrorKey, lineField, type CheckoutLineView } from "~/modules/checkout/line-choices";
import { HomeAddressError, planOrderLines, type SlotUnavailableError } from "~/modules/orders/order-lines.server";
import type { SlotRefusal } from "~/modules/orders/order-slots.server";
import { defaultCollectionType, SLOT_TAKEN_MESSAGE, type CollectionType } from "~/modules/slots/collection-types";
import { dubaiDateTime, slotStartFor } from "~/modules/slots/schedule";
import { freeSlotsForDay } from "~/modules/slots/slots.server";
import { formatBookingDate } from "~/utils/dubai-date";
import type { FieldErrors } from "~/utils/form-result";
import { text } from "~/utils/text-schema";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const NEAREST_TIMES = 3;

const ChoiceSchema = z.object({
  labId: z.uuid().nullable().catch(null),
  collectionType: z.enum(["walk_in", "home"]).nullable().catch(null),
  slotTime: z.string().regex(TIME).nullable().catch(null),
  homeAddress: text().trim().max(300).nullable().catch(null),
  homeArea: text().trim().max(100).nullable().catch(null),
});

const collectionName = (type: CollectionType) => (type === "home" ? "home collection" : "walk-in");

/** The details step's lines: each with its labs, choices and the lab's slots on `date`. */
export async function checkoutLineViews(userId: string, date: string | null): Promise<CheckoutLineView[]> {
  const lines = await checkoutLinesForUser(userId);
  return Promise.all(
    lines.map(async (line) => {
      const type = line.collectionType ?? defaultCollectionType;
      const options =
        line.offerCount > 0
          ? await bookingOptions({ testId: line.testId, labId: line.labId ?? line.chosenLabId, type, date })
          : { labs: [], labId: null, slots: null };
      return {
        testId: line.testId,
        testName: line.testName,
        quantity: line.quantity,
        labs: options.labs,
        labId: line.labId ?? options.labId,
        collectionType: type,
        slotTime: line.slotStart ? dubaiDateTime(line.slotStart).time : "",
        homeAddress: line.homeAddress,
        homeArea: line.homeArea,
        slots: options.slots,
      };
    }),
  );
}

/** The lab's free times nearest to `time` on that day, e.g. "08:30, 09:30". */
async function nearestTimes(labId: string, type: CollectionType, date: string, time: string) {
  const target = slotStartFor(date, time).getTime();
  const free = (await freeSlotsForDay(labId, type, date)).filter((slot) => slot.status === "free");
  return free
    .sort((a, b) => Math.abs(a.start.getTime() - target) - Math.abs(b.start.getTime() - target))
    .slice(0, NEAREST_TIMES)
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .map((slot) => slot.time);
}

/** What the patient is told when a line's slot cannot be had; it names the line, the lab and the time. */
export async function slotProblemMessage(
  line: { testName: string; labId: string; labName: string; type: CollectionType; start: Date },
  reason: SlotRefusal,
) {
  const { date, time } = dubaiDateTime(line.start);
  const when = `${formatBookingDate(date)} at ${time}`;
  if (reason === "full") return `${line.testName} at ${line.labName}, ${when}: ${SLOT_TAKEN_MESSAGE}.`;
  if (reason === "too-soon") {
    return `${line.testName} at ${line.labName}, ${when}: that time has passed or is less than 2 hours away. Please choose a later time.`;
  }
  const nearest = await nearestTimes(line.labId, line.type, date, time);
  const offer = nearest.length > 0 ? ` Nearest free times: ${nearest.join(", ")}.` : " It has no free times that day; please choose another day or lab.";
  return `${line.testName}: ${line.labName} has no ${collectionName(line.type)} slot at ${time} on ${formatBookingDate(date)}.${offer}`;
}

/** The message for an order refused because of one line's slot or home address. */
export async function orderRefusalMessage(error: SlotUnavailableError | HomeAddressError) {
  if (error instanceof HomeAddressError) return error.message;
  const { slot } = error;
  return slotProblemMessage({ ...slot, labName: slot.labName ?? "the lab" }, error.reason);
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

/** Checks one line against its lab: offered for that collection, home address served, slot free and not too soon. */
async function lineProblem(line: CheckoutLine, details: Pick<PatientDetails, "scheduledDate" | "scheduledTime">): Promise<string | null> {
  const type = line.collectionType ?? defaultCollectionType;
  if (!line.labId || !line.labName) {
    return line.offerCount > 0 ? `${line.testName}: no lab offers ${collectionName(type)} for this test. Please choose walk-in.` : null;
  }
  if (line.chosenLabId && line.chosenLabId !== line.labId) {
    return `${line.testName}: the lab you chose does not offer ${collectionName(type)} for this test. Please choose another lab.`;
  }
  if (type === "home") {
    if (!line.homeAddress) return `${line.testName}: please enter the address for home collection.`;
    if (!line.homeArea || !(line.homeCollectionAreas ?? []).includes(line.homeArea)) {
      return `${line.testName}: ${line.labName} collects at home only in ${(line.homeCollectionAreas ?? []).join(", ") || "no areas"}. Please choose one of them or another lab.`;
    }
  }
  const start = line.slotStart ?? slotStartFor(details.scheduledDate, details.scheduledTime);
  const { date } = dubaiDateTime(start);
  const slot = (await freeSlotsForDay(line.labId, type, date)).find((candidate) => candidate.start.getTime() === start.getTime());
  const reason: SlotRefusal | null = !slot ? "not-offered" : slot.status === "too-soon" ? "too-soon" : slot.status === "full" ? "full" : null;
  return reason ? slotProblemMessage({ testName: line.testName, labId: line.labId, labName: line.labName, type, start }, reason) : null;
}

/**
 * The details step's line choices: saves each line's lab, collection type, own time (on the
 * appointment date) and home address on the customer's cart, then checks every line. Returns
 * the problems by line (field key `line:{testId}`); empty when checkout may go on.
 */
export async function saveAndCheckLineChoices(
  userId: string,
  details: Pick<PatientDetails, "scheduledDate" | "scheduledTime">,
  form: Record<string, unknown>,
): Promise<FieldErrors> {
  const before = await checkoutLinesForUser(userId);
  const choices: LineChoice[] = before
    .filter((line) => line.offerCount > 0)
    .map((line) => {
      const choice = readChoice(form, line.testId);
      return {
        testId: line.testId,
        labId: choice.labId,
        collectionType: choice.collectionType,
        slotStart: choice.slotTime && choice.slotTime !== details.scheduledTime ? slotStartFor(details.scheduledDate, choice.slotTime) : null,
        homeAddress: choice.homeAddress,
        homeArea: choice.homeArea,
      };
    });
  await saveLineChoices(userId, choices);
  const problems: FieldErrors = {};
  for (const line of await checkoutLinesForUser(userId)) {
    const problem = await lineProblem(line, details);
    if (problem) problems[lineErrorKey(line.testId)] = [problem];
  }
  return problems;
}

/** The payment step's summary: the order lines checkout will write (fees included) and the total. */
export async function checkoutSummary(userId: string, details: Pick<PatientDetails, "scheduledDate" | "scheduledTime">) {
  const lines = await checkoutLinesForUser(userId);
  try {
    const { rows, totalFils } = planOrderLines(lines, details);
    return {
      rows: rows.map((row, index) => ({
        key: `${row.kind}-${row.testId ?? index}-${row.labId ?? ""}`,
        kind: row.kind ?? "test",
        name: row.testName,
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
