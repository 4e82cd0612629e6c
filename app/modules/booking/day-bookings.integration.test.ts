import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings } from "~/db/schema";
import { createBooking } from "~/modules/booking/create-booking.server";
import { accountBookingsOn } from "~/modules/booking/day-bookings.server";
import { changeCart } from "~/modules/cart/cart.server";
import { checkoutSummary, saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { placeOrder } from "~/modules/checkout/place-order-by-method.server";
import { resumeOrder } from "~/modules/payments/resume-order.server";
import { createAccount } from "~/seed/factories.server";
import { loader as slotsLoader } from "~/routes/api.slots";
import { patientDetails } from "../../../tests/fakes/patient-details";
import { twoLabs } from "../../../tests/fakes/two-labs";
import { signedInAs } from "../../../tests/fakes/signed-in-request";

// Decision 0051: before booking, the patient sees their own bookings of the chosen day (Book Test's
// times, checkout's payment step), so that a time is not picked blind of a visit elsewhere.
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
const DAY = dayAhead(3);
const details = (overrides = {}) => patientDetails("Layla Haddad", { scheduledDate: DAY, ...overrides });


const slotsAnswer = async (request: Request) => {
  const answer = (await slotsLoader({ request, params: {}, context: {} } as never)) as unknown as { data: { dayBookings?: unknown[] } };
  return answer.data;
};

describe("the account's bookings on the chosen day (decision 0051)", () => {
  it("lists its active bookings that day, earliest first, with who and where and never the address; not another account's, a cancelled one or another day's", async () => {
    const { home, reem, tests } = await twoLabs();
    const customer = await createAccount(db);
    await createBooking(customer.id, tests[1].id, { ...details({ patientName: "Omar Haddad", scheduledTime: "11:00" }), labId: reem.id });
    await createBooking(customer.id, tests[0].id, { ...details(), labId: home.id, collectionType: "home", homeArea: "Al Mushrif", homeAddress: "Villa 12" });
    await createBooking(customer.id, tests[0].id, { ...details({ scheduledDate: dayAhead(4) }), labId: reem.id });
    const cancelled = await createBooking(customer.id, tests[1].id, { ...details({ scheduledTime: "12:00" }), labId: reem.id });
    await db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, cancelled.id));
    const other = await createAccount(db);
    await createBooking(other.id, tests[0].id, { ...details({ patientName: "Someone Else", scheduledTime: "10:00" }), labId: reem.id });

    const listed = await accountBookingsOn(customer.id, DAY);
    expect(listed).toEqual([
      { time: "09:00", patientName: "Layla Haddad", labName: "Home Lab", labNameAr: null, type: "home", homeArea: "Al Mushrif" },
      { time: "11:00", patientName: "Omar Haddad", labName: "Reem Lab", labNameAr: null, type: "walk_in", homeArea: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain("Villa");

    // GET /api/slots (the Book Test form's times) gives them with a date, to the signed-in patient only.
    const query = new URLSearchParams({ test: tests[0].id, lab: reem.id, type: "walk_in", date: DAY });
    const asCustomer = await signedInAs(customer);
    expect((await slotsAnswer(asCustomer(`/api/slots?${query}`))).dayBookings).toEqual(listed);
    expect((await slotsAnswer(new Request(`http://localhost/api/slots?${query}`))).dayBookings).toBeUndefined();
    query.delete("date");
    expect((await slotsAnswer(asCustomer(`/api/slots?${query}`))).dayBookings).toBeUndefined();
  });

  it("checkout's payment step lists the account's other bookings of the order's day, not those of the order it resumes", async () => {
    const { home, reem, tests } = await twoLabs();
    const customer = await createAccount(db);
    await createBooking(customer.id, tests[0].id, { ...details(), labId: home.id, collectionType: "home", homeArea: "Al Mushrif", homeAddress: "Villa 12" });
    await changeCart(customer.id, { intent: "add", testId: tests[1].id, quantity: 1 });
    expect(await saveAndCheckLineChoices(customer.id, details(), { [`labId:${tests[1].id}`]: reem.id, [`slotTime:${tests[1].id}`]: "10:30" })).toEqual({});

    const before = await checkoutSummary(customer.id, details());
    expect(before?.dayBookings).toEqual([{ date: DAY, booked: [expect.objectContaining({ time: "09:00", labName: "Home Lab", type: "home" })] }]);

    const placed = await placeOrder(customer.id, details(), "cash_on_delivery", "en");
    if (!placed.ok) throw new Error(placed.toast.description);
    expect(await accountBookingsOn(customer.id, DAY)).toHaveLength(2);
    const [{ orderId }] = await db.select({ orderId: bookings.orderId }).from(bookings).where(and(eq(bookings.userId, customer.id), eq(bookings.labId, reem.id)));
    expect(await resumeOrder(customer.id, orderId!)).toBe("loaded");
    // Resumed, the order's own 10:30 visit is what is being booked, not another booking.
    const resumed = await checkoutSummary(customer.id, details());
    expect(resumed?.dayBookings).toEqual([{ date: DAY, booked: [expect.objectContaining({ time: "09:00" })] }]);
  });
});
