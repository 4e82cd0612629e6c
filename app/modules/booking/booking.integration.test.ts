import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertTest } from "~/seed/factories.server";
import { bookings } from "~/db/schema";
import { action as bookAction, loader as bookLoader } from "~/routes/book";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";
import { todayInDubai } from "~/utils/dubai-date";

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
