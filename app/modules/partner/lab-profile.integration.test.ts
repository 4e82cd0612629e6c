import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { labs } from "~/db/schema";
import { offersForTest } from "~/modules/catalog/offers.server";
import { CONFLICT_TITLE, runLabProfileAction } from "~/modules/partner/lab-profile.server";
import type { ManagerScope } from "~/modules/partner/lab-scope.server";
import { freeSlotsForDay } from "~/modules/slots/slots.server";
import { weekdayOf } from "~/modules/slots/schedule";
import { cardBooking, codBooking, dubaiDayAhead, partnerLab } from "../../../tests/fakes/partner-lab";

type Partner = Awaited<ReturnType<typeof partnerLab>>;
const scopeOf = (partner: Partner) =>
  ({ labId: partner.lab.id, labName: partner.lab.name, userId: partner.manager.id, email: partner.manager.email, role: "manager" }) as ManagerScope;

/** The profile form as the page posts it: the lab's current values with `changes`. */
function profileForm(changes: Record<string, string> = {}) {
  const hours = Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].flatMap((day) => [[`${day}Open`, "07:00"], [`${day}Close`, "21:00"]]));
  return {
    description: "Full-service lab on Al Reem Island.",
    address: "Tower 1, Al Reem Island",
    nameAr: "مختبر النور",
    descriptionAr: "",
    addressAr: "",
    contactPhone: "+971 2 555 0199",
    contactEmail: "desk@alnoor.example",
    ...hours,
    homeCollectionFee: "40.00",
    homeCollectionAreas: "Al Reem Island",
    walkInSlotMinutes: "30",
    walkInCapacity: "3",
    homeSlotMinutes: "60",
    homeCapacity: "2",
    closedDates: "",
    ...changes,
  };
}
const labRow = async (id: string) => (await db.select().from(labs).where(eq(labs.id, id)))[0];
const answerOf = (answer: { data: unknown; init: ResponseInit | null }) => ({ status: answer.init?.status ?? 200, ...(answer.data as object) }) as {
  status: number;
  ok: boolean;
  toast?: { title: string; description?: string };
  conflicts?: { id: string; problem: string }[];
  fieldErrors?: Record<string, string[]>;
};

describe("a lab's profile in the partner portal", () => {
  it("a manager saves hours, closed days (e.g. Eid), slots, home collection, contact and Arabic texts; a closed day offers no slots", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const eid = dubaiDayAhead(5);
    const answer = answerOf(await runLabProfileAction(scopeOf(partner), profileForm({ closedDates: `${eid}\n${eid}, ${dubaiDayAhead(6)}`, walkInCapacity: "5", homeCollectionFee: "35" })));
    expect(answer).toMatchObject({ status: 200, ok: true, toast: { title: "Lab profile updated" } });
    expect(await labRow(partner.lab.id)).toMatchObject({
      name: "Al Noor Lab",
      nameAr: "مختبر النور",
      contactEmail: "desk@alnoor.example",
      closedDates: [eid, dubaiDayAhead(6)],
      walkInCapacity: 5,
      homeCollectionFeeFils: 3_500,
    });
    expect(await freeSlotsForDay(partner.lab.id, "walk_in", eid)).toEqual([]);
    expect((await freeSlotsForDay(partner.lab.id, "walk_in", dubaiDayAhead(7))).length).toBeGreaterThan(0);
    const refused = answerOf(await runLabProfileAction(scopeOf(partner), profileForm({ closedDates: "20-03-2026", walkInSlotMinutes: "1" })));
    expect(refused.status).toBe(400);
    expect(refused.fieldErrors).toMatchObject({ closedDates: ["Enter each closed day as a date, e.g. 2026-03-20"], walkInSlotMinutes: [expect.any(String)] });
  });

  it("closing a day that has bookings, or a weekday, is refused with the bookings to move first; nothing is saved", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const day = dubaiDayAhead(3);
    const { booking } = await codBooking(partner, { patientName: "Omar Saeed", date: day });
    const closed = answerOf(await runLabProfileAction(scopeOf(partner), profileForm({ closedDates: day })));
    expect(closed).toMatchObject({ status: 409, ok: false, toast: { title: CONFLICT_TITLE }, conflicts: [{ id: booking.id, problem: "no-slot" }] });
    expect(closed.toast!.description).toContain(`09:00 · Walk-in · Al Noor Lab Panel · Omar Saeed`);
    expect((await labRow(partner.lab.id)).closedDates).toEqual([]);
    const weekday = weekdayOf(day);
    const noHours = answerOf(await runLabProfileAction(scopeOf(partner), profileForm({ [`${weekday}Open`]: "", [`${weekday}Close`]: "" })));
    expect(noHours).toMatchObject({ status: 409, conflicts: [{ id: booking.id }] });
    const later = answerOf(await runLabProfileAction(scopeOf(partner), profileForm({ [`${weekday}Open`]: "10:00" })));
    expect(later).toMatchObject({ status: 409, conflicts: [{ id: booking.id }] });
    const longer = answerOf(await runLabProfileAction(scopeOf(partner), profileForm({ walkInSlotMinutes: "45" })));
    expect(longer).toMatchObject({ status: 409, conflicts: [{ id: booking.id }] });
    expect((await labRow(partner.lab.id)).openingHours![weekday]).toEqual({ open: "07:00", close: "21:00" });
  });

  it("capacity below what a slot has booked is refused; down to it is fine; a cancelled or past booking does not count", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const first = await cardBooking(partner, { patientName: "Omar Saeed" });
    const second = await codBooking(partner, { patientName: "Sara Khan" });
    const tooFew = answerOf(await runLabProfileAction(scopeOf(partner), profileForm({ walkInCapacity: "1" })));
    expect(tooFew).toMatchObject({ status: 409, conflicts: [{ id: first.booking.id, problem: "capacity" }, { id: second.booking.id, problem: "capacity" }] });
    expect((await labRow(partner.lab.id)).walkInCapacity).toBe(3);
    expect(answerOf(await runLabProfileAction(scopeOf(partner), profileForm({ walkInCapacity: "2" })))).toMatchObject({ status: 200 });
    expect((await labRow(partner.lab.id)).walkInCapacity).toBe(2);
  });

  it("stopping home collection with a home visit booked is refused; without one the lab's offers stop offering home visits", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const visit = await codBooking(partner, { home: true });
    expect(answerOf(await runLabProfileAction(scopeOf(partner), profileForm({ homeCollectionFee: "", homeCollectionAreas: "" })))).toMatchObject({
      status: 409,
      conflicts: [{ id: visit.booking.id, problem: "no-slot" }],
    });
    const other = await partnerLab("Gulf Diagnostics");
    expect(answerOf(await runLabProfileAction(scopeOf(other), profileForm({ homeCollectionFee: "", homeCollectionAreas: "" })))).toMatchObject({ status: 200 });
    expect((await labRow(other.lab.id)).homeCollectionFeeFils).toBeNull();
    // The product page's comparison no longer offers a home visit at this lab.
    expect((await offersForTest(other.test.id)).map((offer) => offer.homeCollection)).toEqual([false]);
  });
});
