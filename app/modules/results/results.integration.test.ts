import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { db } from "~/db/db.server";
import { bookings, jobs, labOffers, labs, resultAccessLog, resultTrendSeries, resultTrendSets, resultValues, resultVersions, results, statusChanges, webhookSettings } from "~/db/schema";
import { keyIdOf, sealJson, setResultKeysForTests } from "~/utils/sealing.server";
import { SEND_NOTIFICATION_JOB } from "~/modules/notifications/notify.server";
import { DELIVER_WEBHOOK_JOB } from "~/modules/webhooks/emit-event.server";
import { labResultOfBooking, pendingResults, releaseResult, uploadResult } from "~/modules/results/lab-results.server";
import { countMyResults, customerResultPage, myResults, versionReport } from "~/modules/results/patient-results.server";
import { myTrend, myTrendSummaries } from "~/modules/results/trends.server";
import { parseValuesFhir } from "~/modules/results/result-import";
import { fhirExport } from "~/modules/results/result-fhir-export.server";
import { createShare, resolveShare, revokeShare } from "~/modules/results/result-shares.server";
import { accessLogPage, logResultAccess } from "~/modules/results/result-access-log.server";
import { setClockOffset } from "~/modules/slots/clock.server";
import { codBooking, partnerLab } from "../../../tests/fakes/partner-lab";
import { collectedBooking, sampleFhirBundle, samplePdf, scopeOf } from "../../../tests/fakes/results";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";
import { loader as myResultsLoader } from "~/routes/dashboard.results";

const fhirValues = (hba1c = 7.9) => {
  const parsed = parseValuesFhir(sampleFhirBundle(hba1c));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.values;
};

/** Two partner labs, and a customer with a collected booking at each. */
async function oneCustomerAtTwoLabs() {
  const first = await partnerLab("Al Noor Lab");
  const second = await partnerLab("Second Lab");
  const made = await collectedBooking(first);
  const again = await codBooking(second, { customer: made.customer });
  await collectedBooking(second, 1, again);
  return { first, second, made, again };
}

describe("a lab releases a result and its patient reads it", () => {
  it("My Results shows 20 results a page, newest first, counting only released ones", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const { booking, customer } = await codBooking(partner);
    const start = Date.parse("2026-01-01T08:00:00Z");
    const hour = (n: number) => new Date(start + n * 3_600_000);
    for (let n = 0; n < 24; n++) {
      // One booking per result, as in life (a result belongs to its booking).
      const [copy] = await db.insert(bookings).values({ ...booking, id: crypto.randomUUID() }).returning();
      await db.insert(results).values({ bookingId: copy.id, labId: partner.lab.id, userId: customer.id, testId: booking.testId, releasedAt: n < 23 ? hour(n) : null });
    }
    expect(await countMyResults(customer.id)).toBe(23);
    const first = await myResults(customer.id, 1);
    expect(first).toHaveLength(20);
    expect(first[0].releasedAt).toBe(hour(22).toISOString());
    expect((await myResults(customer.id, 2)).map((result) => result.releasedAt)).toEqual([2, 1, 0].map((n) => hour(n).toISOString()));
    expect(await myResults(customer.id, 3)).toEqual([]);
    const other = await codBooking(partner);
    expect(await countMyResults(other.customer.id)).toBe(0);

    // The page through its route: a page past the last, a malformed or NUL-bearing number, and
    // another customer who sees none of it.
    const pageOf = async (account: { email: string; password: string }, query: string) => {
      const request = (await signedInAs(account))(`/dashboard/results${query}`);
      const { body } = await routeOutcome(() => myResultsLoader(routeArgs<Parameters<typeof myResultsLoader>[0]>(request)));
      const shown = body as { results: { id: string }[]; page: number; pageCount: number };
      return { count: shown.results.length, page: shown.page, pageCount: shown.pageCount };
    };
    expect(await pageOf(customer, "?page=2")).toEqual({ count: 3, page: 2, pageCount: 2 });
    expect(await pageOf(customer, "?page=99")).toEqual({ count: 3, page: 2, pageCount: 2 });
    expect(await pageOf(customer, "?page=abc")).toEqual({ count: 20, page: 1, pageCount: 2 });
    expect(await pageOf(customer, "?page=2%00")).toEqual({ count: 20, page: 1, pageCount: 2 });
    expect(await pageOf(other.customer, "?page=2")).toEqual({ count: 0, page: 1, pageCount: 1 });
  });

  it("lists the lab's pending results with their wait against the promised time, late ones marked", async () => {
    const partner = await partnerLab("Al Noor Lab");
    await db.update(labOffers).set({ resultHours: 24 }).where(eq(labOffers.id, partner.offer.id));
    await collectedBooking(partner, 30);
    await collectedBooking(partner, 2);
    const other = await partnerLab("Other Lab");
    await collectedBooking(other, 5);
    const pending = await pendingResults(scopeOf(partner));
    expect(pending).toHaveLength(2);
    // The offer promises results in 24 hours: 30 hours waited is late, 2 is not.
    expect(pending.map((p) => [p.waitedHours, p.promisedHours, p.late])).toEqual([
      [30, 24, true],
      [2, 24, false],
    ]);
  });

  it("uploads a PDF with FHIR values, corrects the draft, releases it: the booking completes through the lifecycle and the patient is e-mailed", async () => {
    await db.insert(webhookSettings).values({ name: "CRM", url: "http://127.0.0.1:9/hook", events: ["booking_completed"] });
    const partner = await partnerLab("Al Noor Lab");
    const { booking, customer } = await collectedBooking(partner);
    const scope = scopeOf(partner);
    expect(await uploadResult(scope, { bookingId: booking.id, pdf: samplePdf("first"), values: fhirValues(8.4) })).toMatchObject({ status: "saved", version: 1 });
    // A correction before release replaces the draft (still version 1).
    expect(await uploadResult(scope, { bookingId: booking.id, pdf: samplePdf(), values: fhirValues() })).toMatchObject({ status: "saved", version: 1 });
    expect(await myResults(customer.id)).toEqual([]);
    expect(await releaseResult(scope, booking.id)).toMatchObject({ status: "released", version: 1, completed: true });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.status).toBe("completed");
    const audit = await db.select().from(statusChanges).where(eq(statusChanges.subjectId, booking.id)).orderBy(asc(statusChanges.createdAt));
    expect(audit.at(-1)).toMatchObject({ fromStatus: "sample_collected", toStatus: "completed", actorKind: "lab", actorId: partner.staff.id, reason: "lab_results_released" });
    const webhookTypes = (await db.select().from(jobs).where(eq(jobs.kind, DELIVER_WEBHOOK_JOB))).map((job) => (job.payload as { envelope: { type: string } }).envelope.type);
    expect(webhookTypes).toContain("booking_completed");
    const messages = (await db.select().from(jobs).where(eq(jobs.kind, SEND_NOTIFICATION_JOB))).map((job) => job.payload as { kind: string; bookingId: string });
    expect(messages.filter((m) => m.bookingId === booking.id).map((m) => m.kind)).toEqual(expect.arrayContaining(["results_ready"]));
    expect(messages.filter((m) => m.bookingId === booking.id).map((m) => m.kind)).not.toContain("booking_completed");

    const [mine] = await myResults(customer.id);
    const page = await customerResultPage(customer.id, mine.id);
    const current = page!.view.versions[0];
    expect(current.values.map((v) => [v.analyte, v.value, v.flag])).toEqual([
      ["HbA1c", "7.9", "high"],
      ["Fasting glucose", "92", "normal"],
      ["Urine ketones", "Negative", null],
    ]);
    expect((await versionReport(mine.id, 1))!.pdf.equals(samplePdf())).toBe(true);
    expect(page!.accessLog.entries.map((entry) => entry.action)).toContain("view");
  });

  it("shows the newest ten entries of the access log on the result page, and the whole log a page at a time on its own", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const { booking, customer } = await collectedBooking(partner);
    await uploadResult(scopeOf(partner), { bookingId: booking.id, pdf: samplePdf(), values: fhirValues() });
    await releaseResult(scopeOf(partner), booking.id);
    const [mine] = await myResults(customer.id);
    await logResultAccess(mine.id, { action: "download", actorKind: "customer", actorId: customer.id });
    for (let view = 0; view < 11; view++) await customerResultPage(customer.id, mine.id);
    const onResultPage = (await customerResultPage(customer.id, mine.id))!.accessLog;
    expect(onResultPage).toMatchObject({ total: 13, page: 1, pageCount: 2 });
    expect(onResultPage.entries).toHaveLength(10);
    const times = onResultPage.entries.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    // Its own page lists them all (50 a page), and reading it adds nothing to it.
    const whole = await accessLogPage(mine.id);
    expect(whole).toMatchObject({ total: 13, page: 1, pageCount: 1 });
    expect(whole.entries.at(-1)).toMatchObject({ action: "download", actorKind: "customer" });
    expect(await accessLogPage(mine.id, 2, 10)).toMatchObject({ total: 13, page: 2, pageCount: 2 });
    expect((await accessLogPage(mine.id, 9, 10)).page).toBe(2);
  });

  it("a correction after release is a new version; the old one stays readable, superseded", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const { booking, customer } = await collectedBooking(partner);
    const scope = scopeOf(partner, "manager");
    await uploadResult(scope, { bookingId: booking.id, pdf: samplePdf("v1"), values: fhirValues(7.9) });
    await releaseResult(scope, booking.id);
    expect(await uploadResult(scope, { bookingId: booking.id, pdf: samplePdf("v2"), values: fhirValues(6.1) })).toMatchObject({ version: 2 });
    expect(await releaseResult(scope, booking.id)).toMatchObject({ status: "released", version: 2, completed: false });
    const [mine] = await myResults(customer.id);
    const page = await customerResultPage(customer.id, mine.id);
    expect(page!.view.versions.map((v) => [v.version, v.status])).toEqual([
      [2, "released"],
      [1, "superseded"],
    ]);
    expect(page!.view.versions[1].values[0].value).toBe("7.9");
    expect((await versionReport(mine.id, 1))!.pdf.equals(samplePdf("v1"))).toBe(true);
    expect(await releaseResult(scope, booking.id)).toEqual({ status: "nothing-to-release" });
  });

  it("another lab's member finds neither the booking nor its result", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const other = await partnerLab("Other Lab");
    const { booking } = await collectedBooking(partner);
    expect(await uploadResult(scopeOf(other), { bookingId: booking.id, pdf: samplePdf(), values: [] })).toEqual({ status: "not-found" });
    await uploadResult(scopeOf(partner), { bookingId: booking.id, pdf: samplePdf(), values: [] });
    expect(await releaseResult(scopeOf(other), booking.id)).toEqual({ status: "not-found" });
    expect(await labResultOfBooking(scopeOf(other), booking.id)).toBeNull();
    // A booking whose sample is not collected takes no result.
    const { booking: pendingBooking } = await codBooking(partner);
    expect(await uploadResult(scopeOf(partner), { bookingId: pendingBooking.id, pdf: samplePdf(), values: [] })).toEqual({ status: "not-uploadable" });
  });

  it("stores no plaintext: the raw tables show neither the values nor the report", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const { booking } = await collectedBooking(partner);
    await uploadResult(scopeOf(partner), { bookingId: booking.id, pdf: samplePdf("SECRET-MARKER"), values: fhirValues() });
    const dump = await db.execute<{ kind: string; v: string }>(sql`
      select 'values' as kind, encode(values_sealed, 'escape') as v from result_versions
      union all select 'value', encode(sealed, 'escape') from result_values
      union all select 'report', encode(bytes, 'escape') from result_blobs`);
    expect(dump.rows.filter((row) => row.v !== null).map((row) => row.kind).sort()).toEqual(["report", "values"]);
    const text = JSON.stringify(dump.rows);
    for (const needle of ["HbA1c", "4548-4", "mg/dL", "Negative", "SECRET-MARKER", "%PDF"]) expect(text).not.toContain(needle);
  });

  it("keeps a patient's trends sealed, and makes them again whenever the results they came from change", async () => {
    const { first, second, made, again } = await oneCustomerAtTwoLabs();
    const userId = made.customer.id;
    // Sealed with a key of the test's own, so that it can move to a new one below.
    const firstKey = randomBytes(32);
    setResultKeysForTests({ current: firstKey });
    onTestFinished(() => setResultKeysForTests(null));
    const hba1c = async () => {
      const summary = (await myTrendSummaries(userId)).find((trend) => trend.analyte === "HbA1c");
      return summary ? myTrend(userId, summary.id) : undefined;
    };
    const kept = async () => (await db.select().from(resultTrendSets).where(eq(resultTrendSets.userId, userId)))[0];

    await uploadResult(scopeOf(first), { bookingId: made.booking.id, pdf: samplePdf(), values: fhirValues(7.9) });
    await releaseResult(scopeOf(first), made.booking.id);
    expect(await myTrendSummaries(userId)).toEqual([]);
    await uploadResult(scopeOf(second), { bookingId: again.booking.id, pdf: samplePdf(), values: fhirValues(6.5) });
    // A draft counts for nothing until it is released.
    expect(await myTrendSummaries(userId)).toEqual([]);
    await releaseResult(scopeOf(second), again.booking.id);
    expect((await hba1c())?.points.map((point) => point.text)).toEqual(["7.9", "6.5"]);
    const set = await kept();
    // Read again with nothing changed, the kept set is used as it is.
    expect((await myTrendSummaries(userId)).map((trend) => trend.latest.text)).toEqual(["92", "6.5"]);
    expect((await kept()).updatedAt).toEqual(set.updatedAt);
    // Sealed to its patient: the bytes show no value or analyte, and another row's context does not open them.
    const series = await db.select().from(resultTrendSeries).where(eq(resultTrendSeries.userId, userId));
    expect(series).toHaveLength(2);
    const dump = JSON.stringify([set.summariesSealed, ...series.map((row) => row.sealed)].map((bytes) => bytes.toString("latin1")));
    for (const needle of ["HbA1c", "4548-4", "mg/dL", "6.5", "Second Lab"]) expect(dump).not.toContain(needle);

    // A correction after release is a new version: the trend shows the corrected value.
    await uploadResult(scopeOf(second), { bookingId: again.booking.id, pdf: samplePdf(), values: fhirValues(6.1) });
    expect((await hba1c())?.points.map((point) => point.text)).toEqual(["7.9", "6.5"]);
    await releaseResult(scopeOf(second), again.booking.id);
    expect((await hba1c())?.points.map((point) => point.text)).toEqual(["7.9", "6.1"]);
    // A lab's new name is shown at once, also to readers making the set again at the same time.
    await db.update(labs).set({ name: "Second Lab Renamed" }).where(eq(labs.id, second.lab.id));
    const readers = await Promise.all(Array.from({ length: 6 }, () => myTrendSummaries(userId)));
    expect(readers.map((summaries) => summaries[1].latest.labName)).toEqual(Array(6).fill("Second Lab Renamed"));
    expect(await db.select({ trendId: resultTrendSeries.trendId }).from(resultTrendSeries).where(eq(resultTrendSeries.userId, userId))).toHaveLength(2);
    // A set kept by an older build is made again.
    await db.update(resultTrendSets).set({ stamp: "0:old" }).where(eq(resultTrendSets.userId, userId));
    expect((await hba1c())?.points).toHaveLength(2);
    expect((await kept()).stamp).not.toBe("0:old");

    // A new key: the set is sealed again with it on the next read, after which the old key can be
    // retired (the results themselves would need resealing first; the trends no longer do).
    const newKey = randomBytes(32);
    setResultKeysForTests({ current: newKey, old: [firstKey] });
    expect(await myTrendSummaries(userId)).toHaveLength(2);
    expect((await kept()).keyId).toBe(keyIdOf(newKey));
    setResultKeysForTests({ current: newKey });
    expect((await hba1c())?.points.map((point) => point.text)).toEqual(["7.9", "6.1"]);
    setResultKeysForTests({ current: newKey, old: [firstKey] });

    // A deleted result takes the kept set with it, and the trends no longer show it.
    await db.delete(results).where(eq(results.bookingId, again.booking.id));
    expect(await kept()).toBeUndefined();
    expect(await myTrendSummaries(userId)).toEqual([]);
  });

  it("reads the values of a version saved before they were sealed together (a sealed row per value)", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const { booking, customer } = await collectedBooking(partner);
    const values = fhirValues(8.4);
    const upload = await uploadResult(scopeOf(partner), { bookingId: booking.id, pdf: samplePdf(), values });
    if (upload.status !== "saved") throw new Error(upload.status);
    await releaseResult(scopeOf(partner), booking.id);
    // The version as migration 0029 found it: no sealed set, its values as rows of result_values.
    const [version] = await db.select({ id: resultVersions.id }).from(resultVersions).where(eq(resultVersions.resultId, upload.resultId));
    await db.update(resultVersions).set({ valuesKeyId: null, valuesSealed: null }).where(eq(resultVersions.id, version.id));
    await db.insert(resultValues).values(
      values.map((value, position) => ({ versionId: version.id, position, ...sealJson(value, `result-value:${version.id}:${position}`) })),
    );
    const page = await customerResultPage(customer.id, upload.resultId);
    expect(page?.view.versions[0].values.map(({ analyte, value }) => ({ analyte, value }))).toEqual(values.map(({ analyte, value }) => ({ analyte, value })));
    expect(page?.view.versions[0].values.find((value) => value.loinc === "4548-4")).toMatchObject({ value: "8.4", flag: "high" });
  });

  it("shows trends across two labs, and a share link opens until revoked or expired; everything is logged", async () => {
    const { first, second, made, again } = await oneCustomerAtTwoLabs();
    await uploadResult(scopeOf(first), { bookingId: made.booking.id, pdf: samplePdf(), values: fhirValues(7.9) });
    await releaseResult(scopeOf(first), made.booking.id);
    await uploadResult(scopeOf(second), { bookingId: again.booking.id, pdf: samplePdf(), values: fhirValues(6.5) });
    await releaseResult(scopeOf(second), again.booking.id);
    const trends = await myTrendSummaries(made.customer.id);
    expect(trends.map((t) => [t.analyte, t.unit, t.count, t.labs])).toEqual([
      ["Fasting glucose", "mg/dL", 2, 2],
      ["HbA1c", "%", 2, 2],
    ]);
    // The overview: the latest value first, the one before, a line through both; each trend at an address naming no test.
    const [, hba1c] = await myTrendSummaries(made.customer.id);
    expect(hba1c).toMatchObject({ analyte: "HbA1c", count: 2, labs: 2, latest: { text: "6.5", labName: "Second Lab" }, previous: { text: "7.9", flag: "high" } });
    expect(hba1c.sparkline.points.split(" ")).toHaveLength(2);
    expect(hba1c.id).toMatch(/^[\w-]{16}$/);
    expect(hba1c.id).not.toMatch(/hba1c|4548/i);
    expect((await myTrend(made.customer.id, hba1c.id))?.points.map((point) => point.text)).toEqual(["7.9", "6.5"]);

    const [latest] = await myResults(made.customer.id);
    const share = (await createShare(made.customer.id, latest.id, 7))!;
    expect(await resolveShare(share.token)).toMatchObject({ resultId: latest.id });
    // Only the patient shares their result.
    const stranger = await codBooking(first);
    expect(await myTrend(stranger.customer.id, hba1c.id)).toBeNull();
    expect(await myTrend(made.customer.id, "A".repeat(16))).toBeNull();
    // A malformed address (a NUL byte, the wrong length) is refused before the database is asked.
    expect(await myTrend(made.customer.id, `${hba1c.id.slice(0, 15)}\u0000`)).toBeNull();
    expect(await myTrend(made.customer.id, `${hba1c.id}A`)).toBeNull();
    expect(await createShare(stranger.customer.id, latest.id)).toBeNull();
    expect(await revokeShare(stranger.customer.id, latest.id, share.shareId)).toBe(false);
    expect(await revokeShare(made.customer.id, latest.id, share.shareId)).toBe(true);
    expect(await resolveShare(share.token)).toBeNull();
    const expiring = (await createShare(made.customer.id, latest.id, 1))!;
    setClockOffset(2 * 86_400_000);
    try {
      expect(await resolveShare(expiring.token)).toBeNull();
    } finally {
      setClockOffset(0);
    }
    const bundle = await fhirExport(made.customer.id, [latest.id]);
    const reread = parseValuesFhir(JSON.stringify(bundle));
    expect(reread.ok && reread.values.map((v) => v.analyte)).toEqual(["HbA1c", "Fasting glucose", "Urine ketones"]);
    const actions = (await db.select().from(resultAccessLog).where(eq(resultAccessLog.resultId, latest.id))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["share", "share_revoke", "export"]));
  });
});
