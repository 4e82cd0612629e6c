import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertTest } from "~/seed/factories.server";
import { bookings, labs } from "~/db/schema";
import { action as bookAction, loader as bookLoader } from "~/routes/book";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";
import { todayInDubai } from "~/utils/dubai-date";
import { saveOffer } from "~/modules/catalog/offers.server";
import { SLOT_TAKEN_MESSAGE, weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { insertLab } from "~/seed/factories.server";
import { slotStartFor, weekdayOf } from "~/modules/slots/schedule";

// Days count from the file's start, so that a run crossing midnight in Dubai (20:00 UTC) keeps one date.
const startedAt = Date.now();

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
};

const valid = () => ({
  patientName: "Noor Khalil",
  patientEmail: "noor@example.com",
  patientPhone: "",
  notes: "",
  scheduledDate: todayInDubai(),
  scheduledTime: "09:00",
});

type BookActionArgs = Parameters<typeof bookAction>[0];

describe("booking a single test", () => {
  it("books the test for the signed-in customer, whatever user id the form names", async () => {
    const customer = await createAccount(db);
    const other = await createAccount(db);
    const test = await insertTest(db);
    const request = await signedInAs(customer);
    const outcome = await routeOutcome(() =>
      bookAction(
        routeArgs<BookActionArgs>(
          request(`/book/${test.id}`, { method: "POST", body: form({ ...valid(), userId: other.id, user_id: other.id }) }),
          { testId: test.id },
        ),
      ),
    );
    expect(outcome.body).toMatchObject({ ok: true });
    const rows = await db.select().from(bookings);
    expect(rows).toMatchObject([{ userId: customer.id, testId: test.id, status: "pending", scheduledTime: "09:00" }]);
  });

  it("refuses a missing or past date, a bad time and a missing name or email, on the server too", async () => {
    const test = await insertTest(db);
    const request = await signedInAs(await createAccount(db));
    const post = (fields: Record<string, string>) =>
      routeOutcome(() =>
        bookAction(routeArgs<BookActionArgs>(request(`/book/${test.id}`, { method: "POST", body: form(fields) }), { testId: test.id })),
      );
    const yesterday = todayInDubai(new Date(Date.now() - 86_400_000));
    expect(await post({ ...valid(), scheduledDate: "" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { scheduledDate: ["Please select a date"] } },
    });
    expect((await post({ ...valid(), scheduledDate: yesterday })).status).toBe(400);
    expect((await post({ ...valid(), scheduledDate: "2026-02-30" })).status).toBe(400);
    expect((await post({ ...valid(), scheduledTime: "25:00" })).status).toBe(400);
    expect(await post({ ...valid(), patientName: " ", patientEmail: "" })).toMatchObject({
      body: { fieldErrors: { patientName: ["Patient name is required"], patientEmail: ["Email is required"] } },
    });
    expect(await db.select().from(bookings)).toEqual([]);
  });

  it("the booking page sends visitors to sign in and unknown tests home, with the spec's messages", async () => {
    const test = await insertTest(db);
    const visitor = await routeOutcome(() =>
      bookLoader(routeArgs(new Request(`http://localhost:3999/book/${test.id}`), { testId: test.id })),
    );
    expect(visitor).toMatchObject({ status: 302, location: `/auth?redirect=${encodeURIComponent(`/book/${test.id}`)}` });
    const request = await signedInAs(await createAccount(db));
    for (const testId of [crypto.randomUUID(), "not-a-test"]) {
      const outcome = await routeOutcome(() => bookLoader(routeArgs(request(`/book/${testId}`), { testId })));
      expect(outcome).toMatchObject({ status: 302, location: "/" });
    }
    const anonymous = await routeOutcome(() =>
      bookAction(
        routeArgs<BookActionArgs>(new Request(`http://localhost:3999/book/${test.id}`, { method: "POST", body: form(valid()) }), {
          testId: test.id,
        }),
      ),
    );
    expect(anonymous.status).toBe(401);
    expect(await db.select().from(bookings).where(eq(bookings.testId, test.id))).toEqual([]);
  });
});

describe("booking at a lab", () => {
  const everyDay = (open: string, close: string) => Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as OpeningHours;
  const inThreeDays = () => todayInDubai(new Date(startedAt + 3 * 86_400_000));

  async function marketplace() {
    const test = await insertTest(db, { priceFils: 99_900 });
    const lab = (name: string, input: Parameters<typeof insertLab>[1] = {}) =>
      insertLab(db, {
        name,
        openingHours: everyDay("08:00", "20:00"),
        walkInSlotMinutes: 30,
        walkInCapacity: 2,
        homeSlotMinutes: 60,
        homeCapacity: 1,
        homeCollectionFeeFils: 4000,
        homeCollectionAreas: ["Al Reem Island", "Khalifa City"],
        ...input,
      });
    const cheap = await lab("Cheap Lab");
    const second = await lab("Second Lab");
    const dear = await lab("Dear Lab", { homeCollectionFeeFils: null });
    await saveOffer(db, { labId: cheap.id, testId: test.id, priceFils: 10_000, walkIn: true, homeCollection: true, isActive: true });
    await saveOffer(db, { labId: second.id, testId: test.id, priceFils: 14_000, walkIn: true, homeCollection: true, isActive: true });
    await saveOffer(db, { labId: dear.id, testId: test.id, priceFils: 20_000, walkIn: true, homeCollection: false, isActive: true });
    const customer = await createAccount(db);
    const request = await signedInAs(customer);
    const post = (fields: Record<string, string>) =>
      routeOutcome(() =>
        bookAction(routeArgs<BookActionArgs>(request(`/book/${test.id}`, { method: "POST", body: form(fields) }), { testId: test.id })),
      );
    return { test, cheap, second, dear, customer, request, post };
  }

  it("a booking with only a date and time goes to the cheapest lab, walk-in, at the offer's price from the database", async () => {
    const { test, cheap, post } = await marketplace();
    const date = inThreeDays();
    const outcome = await post({ ...valid(), scheduledDate: date, scheduledTime: "10:30", priceFils: "1", price_fils: "1" });
    expect(outcome.body).toMatchObject({ ok: true });
    const [row] = await db.select().from(bookings).where(eq(bookings.testId, test.id));
    expect(row).toMatchObject({
      labId: cheap.id,
      collectionType: "walk_in",
      priceFils: 10_000,
      scheduledTime: "10:30",
      homeCollectionFeeFils: null,
      homeAddress: null,
    });
    expect(row.slotStart).toEqual(slotStartFor(date, "10:30"));
  });

  it("without a chosen lab, the cheapest lab open at that time takes it", async () => {
    const { test, cheap, second, post } = await marketplace();
    const date = inThreeDays();
    await db
      .update(labs)
      .set({ openingHours: { ...everyDay("08:00", "20:00"), [weekdayOf(date)]: null } })
      .where(eq(labs.id, cheap.id));
    expect((await post({ ...valid(), scheduledDate: date, scheduledTime: "09:00" })).body).toMatchObject({ ok: true });
    const [row] = await db.select().from(bookings).where(eq(bookings.testId, test.id));
    expect(row).toMatchObject({ labId: second.id, priceFils: 14_000 });
  });

  it("the second-cheapest lab for home collection records the lab, price, fee, address and area", async () => {
    const { test, second, post } = await marketplace();
    const outcome = await post({
      ...valid(),
      scheduledDate: inThreeDays(),
      scheduledTime: "11:00",
      labId: second.id,
      collectionType: "home",
      homeAddress: "Flat 1203, Sky Tower",
      homeArea: "Al Reem Island",
    });
    expect(outcome.body).toMatchObject({ ok: true });
    const [row] = await db.select().from(bookings).where(eq(bookings.testId, test.id));
    expect(row).toMatchObject({
      labId: second.id,
      collectionType: "home",
      priceFils: 14_000,
      homeCollectionFeeFils: 4000,
      homeAddress: "Flat 1203, Sky Tower",
      homeArea: "Al Reem Island",
    });
  });

  it("refuses an area the lab does not serve, a lab without home collection, a missing address, and a time outside the lab's slots", async () => {
    const { test, second, dear, post, request } = await marketplace();
    const home = { ...valid(), scheduledDate: inThreeDays(), scheduledTime: "11:00", collectionType: "home", homeAddress: "Villa 3" };
    expect(await post({ ...home, labId: second.id, homeArea: "Al Ain" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { homeArea: ["Second Lab does not collect in Al Ain. Please choose another lab or area"] } },
    });
    // The same refusals on an Arabic page name the lab and area in Arabic (the lab's Arabic name,
    // the area from the names catalogue) and change nothing.
    await db.update(labs).set({ nameAr: "المختبر الثاني" }).where(eq(labs.id, second.id));
    const arabic = await routeOutcome(() =>
      bookAction(
        routeArgs<BookActionArgs>(request(`/ar/book/${test.id}`, { method: "POST", body: form({ ...home, labId: second.id, homeArea: "Al Ain" }) }), {
          testId: test.id,
        }),
      ),
    );
    expect(arabic).toMatchObject({ status: 400, body: { fieldErrors: { homeArea: ["لا يسحب المختبر الثاني العينات في العين. يرجى اختيار مختبر أو منطقة أخرى"] } } });
    expect(
      await post({ ...home, homeArea: "Yas Island" }).then((outcome) => outcome.body),
    ).toMatchObject({ fieldErrors: { homeArea: ["No lab offering this test collects in Yas Island. Please choose another area"] } });
    expect(await post({ ...home, labId: dear.id, homeArea: "Al Reem Island" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { collectionType: ["Dear Lab does not offer home collection for this test"] } },
    });
    expect(await post({ ...home, labId: second.id, homeArea: "Al Reem Island", homeAddress: "" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { homeAddress: ["Please enter the address for home collection"] } },
    });
    expect(await post({ ...valid(), scheduledDate: inThreeDays(), scheduledTime: "10:15", labId: second.id })).toMatchObject({
      status: 400,
      body: { fieldErrors: { scheduledTime: ["Please choose one of the lab's time slots"] } },
    });
    expect(await post({ ...valid(), scheduledDate: inThreeDays(), scheduledTime: "21:00" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { scheduledTime: ["Please choose one of the lab's time slots"] } },
    });
    expect(await post({ ...valid(), scheduledDate: inThreeDays(), scheduledTime: "10:00", labId: crypto.randomUUID() })).toMatchObject({
      status: 400,
      body: { fieldErrors: { labId: ["This lab does not offer this test. Please choose another lab"] } },
    });
    expect(await db.select().from(bookings)).toEqual([]);
  });

  it("a full slot is refused with the spec's message", async () => {
    const { second, post } = await marketplace();
    const fields = {
      ...valid(),
      scheduledDate: inThreeDays(),
      scheduledTime: "15:00",
      labId: second.id,
      collectionType: "home",
      homeAddress: "Villa 3",
      homeArea: "Khalifa City",
    };
    expect((await post(fields)).body).toMatchObject({ ok: true });
    expect(await post(fields)).toMatchObject({
      status: 409,
      body: { ok: false, toast: { description: SLOT_TAKEN_MESSAGE }, fieldErrors: { scheduledTime: [SLOT_TAKEN_MESSAGE] } },
    });
  });

  it("the booking page preselects the lab named by ?lab= (else any lab, the cheapest with the time free) and lists the labs cheapest first", async () => {
    const { test, second, cheap, request } = await marketplace();
    const outcome = await routeOutcome(() => bookLoader(routeArgs(request(`/book/${test.id}?lab=${second.id}`), { testId: test.id })));
    const body = outcome.body as { options: { labId: string; labs: { labId: string }[] } };
    expect(body.options.labId).toBe(second.id);
    expect(body.options.labs[0].labId).toBe(cheap.id);
    const fallback = await routeOutcome(() => bookLoader(routeArgs(request(`/book/${test.id}?lab=nonsense`), { testId: test.id })));
    expect((fallback.body as { options: { labId: string | null } }).options.labId).toBeNull();
  });
});
