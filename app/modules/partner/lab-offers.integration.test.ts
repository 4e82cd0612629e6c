import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { labOffers, offerPriceChanges, tests } from "~/db/schema";
import { runCrudAction } from "~/modules/admin/crud-action.server";
import { offerCrud } from "~/modules/catalog/manage-offers.server";
import { offersForTest, saveOffer } from "~/modules/catalog/offers.server";
import { priceHistoryOfLab } from "~/modules/catalog/price-history.server";
import { exportOwnOffers, importOwnOffers, ownOffersPage, runOwnOfferAction, testsToOfferAt } from "~/modules/partner/lab-offers.server";
import type { ManagerScope } from "~/modules/partner/lab-scope.server";
import { insertTest } from "~/seed/factories.server";
import { changesPublicPages } from "../../../server/page-cache";
import { partnerLab } from "../../../tests/fakes/partner-lab";
import { signedInAs } from "../../../tests/fakes/signed-in-request";

type Partner = Awaited<ReturnType<typeof partnerLab>>;
const scopeOf = (partner: Partner) =>
  ({ labId: partner.lab.id, labName: partner.lab.name, userId: partner.manager.id, email: partner.manager.email, role: "manager" }) as ManagerScope;
const priceOf = async (testId: string) => (await db.select({ price: tests.priceFils }).from(tests).where(eq(tests.id, testId)))[0].price;
const offerRow = async (id: string) => (await db.select().from(labOffers).where(eq(labOffers.id, id)))[0];
const historyOf = (labId: string) => db.select().from(offerPriceChanges).where(eq(offerPriceChanges.labId, labId)).orderBy(asc(offerPriceChanges.createdAt));
const status = (answer: { init: ResponseInit | null }) => answer.init?.status ?? 200;

describe("a lab's own offers in the partner portal", () => {
  it("a manager lowers a price: the test's from price follows at once, the change is in the price history with the member's name, and the page cache is emptied", async () => {
    const mine = await partnerLab("Al Noor Lab");
    const theirs = await partnerLab("Gulf Diagnostics");
    // Both labs offer Al Noor's test; Gulf Diagnostics is cheaper for now.
    await saveOffer(db, { labId: theirs.lab.id, testId: mine.test.id, priceFils: 9_000, walkIn: true, homeCollection: false, isActive: true });
    expect(await priceOf(mine.test.id)).toBe(9_000);

    const form = { intent: "update", id: mine.offer.id, labId: theirs.lab.id, testId: mine.test.id, price: "85.50", resultHours: "24", walkIn: "true", homeCollection: "false", isActive: "true" };
    const answer = await runOwnOfferAction(scopeOf(mine), form);
    expect([status(answer), (answer.data as { toast: { title: string } }).toast.title]).toEqual([200, "Offer updated"]);
    expect(await offerRow(mine.offer.id)).toMatchObject({ labId: mine.lab.id, priceFils: 8_550, resultHours: 24 });
    expect(await priceOf(mine.test.id)).toBe(8_550);
    expect((await offersForTest(mine.test.id)).map((offer) => [offer.labName, offer.priceFils])).toEqual([
      ["Al Noor Lab", 8_550],
      ["Gulf Diagnostics", 9_000],
    ]);
    expect((await historyOf(mine.lab.id)).at(-1)).toMatchObject({ offerId: mine.offer.id, oldPriceFils: 10_000, newPriceFils: 8_550, actorKind: "lab", actorId: mine.manager.id, source: "form" });
    // The admin reads it with the member's address.
    expect((await priceHistoryOfLab(mine.lab.id)).rows[0]).toMatchObject({ testName: mine.test.name, oldPriceFils: 10_000, newPriceFils: 8_550, actorKind: "lab", actorEmail: mine.manager.email });
    // The other lab's offer and history are untouched.
    expect((await db.select().from(labOffers).where(eq(labOffers.labId, theirs.lab.id))).map((offer) => offer.priceFils).sort((a, b) => a - b)).toEqual([9_000, 10_000]);
    // The portal's writes empty every process's cache of public pages (server/page-cache.ts).
    expect(changesPublicPages(`/partner/${mine.lab.id}/offers`)).toBe(true);
    expect(changesPublicPages(`/partner/${mine.lab.id}/offers/import`)).toBe(true);
    expect(changesPublicPages(`/partner/${mine.lab.id}/profile`)).toBe(true);
  });

  it("a manager adds an offer for a catalogue test the lab does not offer yet, whatever lab the form names", async () => {
    const mine = await partnerLab("Al Noor Lab");
    const theirs = await partnerLab("Gulf Diagnostics");
    const ferritin = await insertTest(db, { name: "Ferritin", priceFils: 12_000 });
    expect((await testsToOfferAt(scopeOf(mine), "ferr")).map((test) => test.name)).toEqual(["Ferritin"]);
    expect(await testsToOfferAt(scopeOf(mine), mine.test.name)).toEqual([]);
    const answer = await runOwnOfferAction(scopeOf(mine), { intent: "create", labId: theirs.lab.id, testId: ferritin.id, price: "95", walkIn: "true", isActive: "true" });
    expect(status(answer)).toBe(200);
    const [created] = await db.select().from(labOffers).where(eq(labOffers.testId, ferritin.id));
    expect(created).toMatchObject({ labId: mine.lab.id, priceFils: 9_500 });
    expect(await priceOf(ferritin.id)).toBe(9_500);
    expect((await historyOf(mine.lab.id)).at(-1)).toMatchObject({ testId: ferritin.id, oldPriceFils: null, newPriceFils: 9_500, actorKind: "lab" });
    expect(await historyOf(theirs.lab.id)).toHaveLength(1); // its fixture offer only
    expect((await ownOffersPage(scopeOf(mine), { q: "", page: 1 }))!.rows.map((row) => row.testName).sort()).toEqual(["Al Noor Lab Panel", "Ferritin"]);
  });

  it("a malformed test id is refused with the form's message, not a server error (the admin's form and the portal's)", async () => {
    const mine = await partnerLab("Al Noor Lab");
    const form = { intent: "create", testId: `${mine.test.id}\u0000x`, price: "10", walkIn: "true", isActive: "true" };
    const portal = await runOwnOfferAction(scopeOf(mine), form);
    expect([status(portal), (portal.data as { fieldErrors?: Record<string, string[]> }).fieldErrors?.testId]).toEqual([400, ["Please choose a test from the list"]]);
    const admin = await runCrudAction({ ...form, labId: mine.lab.id }, offerCrud);
    expect(status(admin)).toBe(400);
  });

  it("another lab's offer cannot be edited or deleted from the portal: not found, nothing changes", async () => {
    const mine = await partnerLab("Al Noor Lab");
    const theirs = await partnerLab("Gulf Diagnostics");
    const edit = await runOwnOfferAction(scopeOf(mine), { intent: "update", id: theirs.offer.id, labId: theirs.lab.id, testId: theirs.test.id, price: "1", walkIn: "true" });
    expect(status(edit)).toBe(404);
    const remove = await runOwnOfferAction(scopeOf(mine), { intent: "delete", id: theirs.offer.id });
    expect(status(remove)).toBe(404);
    expect(await offerRow(theirs.offer.id)).toMatchObject({ priceFils: 10_000 });
    expect(await historyOf(theirs.lab.id)).toHaveLength(1);
  });

  it("a deleted offer ends its price history; an admin's edit is recorded as the admin's", async () => {
    const mine = await partnerLab("Al Noor Lab");
    await runCrudAction(
      { intent: "update", id: mine.offer.id, labId: mine.lab.id, testId: mine.test.id, price: "120", walkIn: "true", isActive: "true" },
      offerCrud,
      { kind: "admin", id: mine.staff.id },
    );
    expect(status(await runOwnOfferAction(scopeOf(mine), { intent: "delete", id: mine.offer.id }))).toBe(200);
    expect((await historyOf(mine.lab.id)).map((row) => [row.oldPriceFils, row.newPriceFils, row.actorKind])).toEqual([
      [null, 10_000, "system"],
      [10_000, 12_000, "admin"],
      [12_000, null, "lab"],
    ]);
  });

  it("an import holds the lab's own offers only: another lab's rows are refused with the row number, the own rows are saved with their history", async () => {
    const mine = await partnerLab("Al Noor Lab");
    const theirs = await partnerLab("Gulf Diagnostics");
    const ferritin = await insertTest(db, { name: "Ferritin", priceFils: 12_000 });
    const csv = [
      "lab_slug,test_slug,price",
      `${mine.lab.slug},${mine.test.slug},70.00`,
      `${theirs.lab.slug},${theirs.test.slug},1.00`,
      `${mine.lab.slug},${ferritin.slug},55.00`,
      `no-such-lab,${ferritin.slug},1.00`,
    ].join("\n");
    const body = new FormData();
    body.set("file", new File([csv], "offers.csv", { type: "text/csv" }));
    const request = (await signedInAs(mine.manager))(`/partner/${mine.lab.id}/offers/import`, { method: "POST", body });
    const { outcome } = await importOwnOffers(scopeOf(mine), request);
    expect(outcome).toEqual({
      ok: true,
      processed: 4,
      inserted: 1,
      updated: 1,
      failed: 2,
      errors: ["Row 2: Only offers of Al Noor Lab can be imported here", "Row 4: Only offers of Al Noor Lab can be imported here"],
    });
    expect(await offerRow(mine.offer.id)).toMatchObject({ priceFils: 7_000 });
    expect(await offerRow(theirs.offer.id)).toMatchObject({ priceFils: 10_000 });
    expect(await priceOf(ferritin.id)).toBe(5_500);
    expect((await historyOf(mine.lab.id)).slice(1).map((row) => [row.oldPriceFils, row.newPriceFils, row.actorKind, row.actorId, row.source])).toEqual(
      expect.arrayContaining([
        [10_000, 7_000, "lab", mine.manager.id, "import"],
        [null, 5_500, "lab", mine.manager.id, "import"],
      ]),
    );
    expect(await historyOf(theirs.lab.id)).toHaveLength(1);
  });

  it("an export holds the lab's own offers only, in the admin export's format", async () => {
    const mine = await partnerLab("Al Noor Lab");
    const theirs = await partnerLab("Gulf Diagnostics");
    const file = (await exportOwnOffers(scopeOf(mine), "csv"))!;
    expect(file.count).toBe(1);
    expect(file.fileName).toMatch(new RegExp(`^lab-offers-export-${mine.lab.slug}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(file.body).toContain(mine.test.slug);
    expect(file.body).not.toContain(theirs.lab.slug);
  });
});
