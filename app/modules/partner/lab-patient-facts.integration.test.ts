// What the lab is told of the patient (issue 26): date of birth with the age on the booking's day,
// sex and the referral on the worklist; the referral file for the booking's lab and admins only.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, referralFiles } from "~/db/schema";
import { bookingForAdmin } from "~/modules/booking/booking-timeline.server";
import type { LabScope } from "~/modules/partner/lab-scope.server";
import { labWorklist } from "~/modules/partner/worklist.server";
import { labResultOfBooking } from "~/modules/results/lab-results.server";
import { loader as adminReferral } from "~/routes/admin/booking.referral";
import { loader as partnerReferral } from "~/routes/partner/booking.referral";
import { createAccount } from "~/seed/factories.server";
import { codBooking, dubaiDayAhead, partnerLab } from "../../../tests/fakes/partner-lab";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";

const ORIGIN = "http://localhost:3999";
const DAY = dubaiDayAhead(3);
/** The same day and month as the booking's day, `years` earlier (born on that day: a birthday at the visit). */
const bornYearsBefore = (years: number, day = DAY) => `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const PDF = Buffer.from("%PDF-1.4\n% Referral for Layla Haddad: thyroid panel\n%%EOF\n");

type Partner = Awaited<ReturnType<typeof partnerLab>>;
const scopeOf = (partner: Partner) => ({ labId: partner.lab.id, labName: partner.lab.name, userId: partner.staff.id, email: partner.staff.email, role: "staff" }) as LabScope;

async function world() {
  const a = await partnerLab("Al Noor Lab");
  const b = await partnerLab("Gulf Diagnostics");
  // Her 28th birthday is the day of the visit; his 40th is the day after it (multiples of 4: a 29 February stays a date); an older booking told the lab neither.
  const layla = await codBooking(a, { patientName: "Layla Haddad", date: DAY, time: "09:00" });
  const omar = await codBooking(a, { patientName: "Omar Haddad", date: DAY, time: "10:00" });
  const older = await codBooking(a, { patientName: "Sara Older", date: DAY, time: "11:00" });
  const [file] = await db.insert(referralFiles).values({ userId: layla.customer.id, contentType: "application/pdf", sizeBytes: PDF.length, content: PDF }).returning();
  await db
    .update(bookings)
    .set({ patientDateOfBirth: bornYearsBefore(28), patientSex: "female", referralDoctorName: "Dr. Amal Saeed", referralFileId: file.id })
    .where(eq(bookings.id, layla.booking.id));
  await db
    .update(bookings)
    .set({ patientDateOfBirth: bornYearsBefore(40, dayAfter(DAY)), patientSex: "male", referralDoctorName: "Karim Nassar" })
    .where(eq(bookings.id, omar.booking.id));
  return { a, b, layla, omar, older, admin: await createAccount(db, { admin: true }) };
}

async function answer(run: () => Promise<unknown>) {
  const outcome = await routeOutcome(run);
  if (outcome.body instanceof Response) return outcome.body;
  return new Response(JSON.stringify(outcome.body ?? null), { status: outcome.status, headers: outcome.location ? { Location: outcome.location } : {} });
}

describe("the lab is told the patient's date of birth, age and sex, and the referral", () => {
  it("the worklist's rows carry them: the age on the visit's day, and nothing made up for a booking made before they were asked", async () => {
    const w = await world();
    const rows = (await labWorklist(scopeOf(w.a), DAY)).slots.flatMap((slot) => slot.bookings);
    const row = (name: string) => rows.find((booking) => booking.patientName === name);
    expect(row("Layla Haddad")).toMatchObject({ patientDateOfBirth: bornYearsBefore(28), patientAge: 28, patientSex: "female", referralDoctorName: "Dr. Amal Saeed", hasReferralFile: true });
    // His birthday is the day after the visit: still 39 on the day.
    expect(row("Omar Haddad")).toMatchObject({ patientAge: 39, patientSex: "male", referralDoctorName: "Karim Nassar", hasReferralFile: false });
    expect(row("Sara Older")).toMatchObject({ patientDateOfBirth: null, patientAge: null, patientSex: null, referralDoctorName: null, hasReferralFile: false });
    // The file's bytes never travel with the worklist.
    expect(JSON.stringify(rows)).not.toContain("thyroid");
  });

  it("the result upload page of a collected sample has them, where the reference ranges are read", async () => {
    const w = await world();
    await db.update(bookings).set({ status: "sample_collected", sampleCollectedAt: new Date() }).where(eq(bookings.id, w.layla.booking.id));
    const page = await labResultOfBooking(scopeOf(w.a), w.layla.booking.id);
    expect(page).toMatchObject({ patientDateOfBirth: bornYearsBefore(28), patientAge: 28, patientSex: "female", referralDoctorName: "Dr. Amal Saeed", hasReferralFile: true });
    expect(await labResultOfBooking(scopeOf(w.b), w.layla.booking.id)).toBeNull();
  });

  it("the admin's booking page has them too", async () => {
    const w = await world();
    expect((await bookingForAdmin(w.layla.booking.id))?.booking).toMatchObject({ patientAge: 28, patientSex: "female", referralDoctorName: "Dr. Amal Saeed", hasReferralFile: true });
    expect((await bookingForAdmin(w.older.booking.id))?.booking).toMatchObject({ patientDateOfBirth: null, patientAge: null, patientSex: null, hasReferralFile: false });
  });

  it("the referral file: the booking's lab downloads it as stored, private and never cached; another lab, the customer and anonymous get nothing", async () => {
    const w = await world();
    const url = (labId: string, bookingId = w.layla.booking.id) => `/partner/${labId}/bookings/${bookingId}/referral`;
    const get = async (as: (path: string) => Request, labId: string, bookingId = w.layla.booking.id) =>
      answer(() => partnerReferral(routeArgs(as(url(labId, bookingId)), { labId, bookingId })));

    for (const member of [w.a.staff, w.a.manager]) {
      const response = await get(await signedInAs(member), w.a.lab.id);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="referral-[0-9a-f]{8}\.pdf"$/);
      expect(response.headers.get("Content-Disposition")).not.toMatch(/layla|thyroid/i);
      expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    }

    const otherStaff = await signedInAs(w.b.staff);
    const customer = await signedInAs(w.layla.customer);
    const refusals = [
      // Another lab's staff, through their own lab's address and through lab A's.
      await get(otherStaff, w.b.lab.id),
      await get(otherStaff, w.a.lab.id),
      await get(await signedInAs(w.b.manager), w.b.lab.id),
      // The customer who uploaded it is not the lab (the portal is not theirs).
      await get(customer, w.a.lab.id),
      // Lab A's own bookings without a file, and an id that is not a booking.
      await get(await signedInAs(w.a.staff), w.a.lab.id, w.omar.booking.id),
      await get(await signedInAs(w.a.staff), w.a.lab.id, "not-a-booking"),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("thyroid");
    }
    const anonymous = await get((path) => new Request(`${ORIGIN}${path}`), w.a.lab.id);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/auth\?redirect=/);
  });

  it("admins download it from the booking's page; a customer is sent away and a booking without a file is not found", async () => {
    const w = await world();
    const get = async (as: (path: string) => Request, bookingId: string) =>
      answer(() => adminReferral(routeArgs(as(`/admin/bookings/${bookingId}/referral`), { bookingId })));
    const admin = await signedInAs(w.admin);
    const response = await get(admin, w.layla.booking.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await get(admin, w.older.booking.id)).status).toBe(404);
    const customer = await get(await signedInAs(w.layla.customer), w.layla.booking.id);
    expect(customer.status).toBe(302);
    expect(await customer.text()).not.toContain("thyroid");
    // A lab's member is no admin.
    expect((await get(await signedInAs(w.a.staff), w.layla.booking.id)).status).toBe(404);
  });
});
