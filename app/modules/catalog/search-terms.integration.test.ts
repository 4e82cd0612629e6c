import Papa from "papaparse";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/db.server";
import { runCrudAction } from "~/modules/admin/crud-action.server";
import { searchTermCrud } from "~/modules/catalog/manage-search-terms.server";
import { allSearchTerms } from "~/modules/catalog/search-terms.server";
import { flushSearchStats, recordClick, recordSearch, searchStatsLists } from "~/modules/catalog/search-stats.server";
import { exportSearchTerms, importSearchTerms } from "~/modules/import-export/search-terms-file.server";
import { createAccount, insertCategory, insertTest } from "~/seed/factories.server";
import { onChange, startChangeFeed } from "~/utils/change-feed.server";
import { action as searchAction, loader as searchLoader } from "~/routes/admin/search";
import { action as clickAction } from "~/routes/api.search-click";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";

type FormResult = { status: number; body: { ok?: boolean; fieldErrors?: Record<string, string[]>; toast?: { title: string; description?: string } } };
const save = async (form: Record<string, string>) => (await runCrudAction(form, searchTermCrud)) as unknown as { data: FormResult["body"]; init: { status?: number } | null };
const csv = (text: string) => new File([text], "synonyms.csv");

describe("synonyms at /admin/search", () => {
  it("an admin adds a synonym naming tests by name or address, edits and deletes it; every process hears of each change", async () => {
    const stop = await startChangeFeed();
    const heard = vi.fn();
    const unsubscribe = onChange("pages", heard);
    try {
      const hba1c = await insertTest(db, { name: "HbA1c (Glycated Haemoglobin)" });
      const fasting = await insertTest(db, { name: "Fasting Blood Glucose" });
      const diabetes = await insertCategory(db, { name: "Diabetes & Metabolism" });
      const created = await save({ intent: "create", term: " Sugar level ", language: "en", tests: `hba1c (glycated haemoglobin)\n${fasting.slug}`, words: "glucose, blood glucose", [`category:${diabetes.id}`]: "on" });
      expect(created.data).toMatchObject({ ok: true, toast: { title: "Synonym created", description: "“Sugar level” has been added." } });
      await vi.waitFor(() => expect(heard).toHaveBeenCalled());
      const [row] = await allSearchTerms();
      expect(row).toMatchObject({ term: "Sugar level", language: "en", words: ["glucose", "blood glucose"] });
      expect(row.tests.map((test) => test.id).sort()).toEqual([hba1c.id, fasting.id].sort());
      expect(row.categories.map((category) => category.id)).toEqual([diabetes.id]);

      heard.mockClear();
      expect((await save({ intent: "update", id: row.id, term: "Sugar level", language: "en", words: "glucose" })).data.ok).toBe(true);
      await vi.waitFor(() => expect(heard).toHaveBeenCalled());
      expect((await allSearchTerms())[0]).toMatchObject({ words: ["glucose"], tests: [], categories: [] });

      heard.mockClear();
      expect((await save({ intent: "delete", id: row.id })).data.ok).toBe(true);
      await vi.waitFor(() => expect(heard).toHaveBeenCalled());
      expect(await allSearchTerms()).toEqual([]);
    } finally {
      unsubscribe();
      await stop();
    }
  });

  it("refuses a synonym that stands for nothing, names a missing test or category, or repeats a term", async () => {
    await insertTest(db, { name: "Ferritin" });
    const nothing = await save({ intent: "create", term: "iron", language: "en", tests: "", words: "" });
    expect(nothing.init?.status).toBe(400);
    expect(nothing.data.fieldErrors?.tests).toEqual(["Say what the term stands for: tests, categories or words."]);
    const missing = await save({ intent: "create", term: "iron", language: "en", tests: "Ferritin\nIron Panel" });
    expect(missing.data.fieldErrors?.tests).toEqual(["No test named “Iron Panel”"]);
    const category = await save({ intent: "create", term: "iron", language: "en", words: "ferritin", "category:00000000-0000-4000-8000-000000000000": "on" });
    expect(category.data.fieldErrors?.categoryIds).toEqual(["Choose categories from the list"]);
    expect((await save({ intent: "create", term: "ab", language: "fr", words: "x" })).data.fieldErrors?.language).toEqual(["Choose English or Arabic"]);
    expect((await save({ intent: "create", term: "Iron", language: "en", tests: "ferritin" })).data.ok).toBe(true);
    // The same term however written ("IRON", "iron's"... are one key) in the same language.
    const repeat = await save({ intent: "create", term: "  IRON ", language: "en", words: "ferritin" });
    expect(repeat.init?.status).toBe(409);
    expect(repeat.data.toast?.description).toBe("A synonym with this term already exists in this language.");
    expect((await save({ intent: "create", term: "iron", language: "ar", words: "ferritin" })).data.ok).toBe(true);
  });

  it("exports synonyms as CSV and imports them back, with the test import's messages for bad rows", async () => {
    const ferritin = await insertTest(db, { name: "Ferritin" });
    await insertTest(db, { name: "Iron Studies" });
    await insertCategory(db, { name: "Vitamin & Mineral" });
    await save({ intent: "create", term: "iron", language: "en", tests: "Ferritin" });
    const exported = await exportSearchTerms("csv");
    expect(exported.fileName).toMatch(/^search-terms-export-\d{4}-\d{2}-\d{2}\.csv$/);
    const [record] = Papa.parse<Record<string, string>>(exported.body.replace(/^\uFEFF/, ""), { header: true }).data;
    expect(record).toMatchObject({ term: "iron", language: "en", tests: ferritin.slug, categories: "", words: "" });

    const file = Papa.unparse([
      { ...record, tests: `${ferritin.slug}; Iron Studies`, categories: "vitamin & mineral" },
      { id: "", term: "hadeed", language: "ar", tests: "Ferritin", categories: "", words: "iron" },
      { id: "", term: "zinc", language: "en", tests: "Zinc Panel", categories: "", words: "" },
      { id: "", term: "", language: "en", tests: "Ferritin", categories: "", words: "" },
      { id: "not-a-uuid", term: "low iron", language: "en", tests: "Ferritin", categories: "", words: "" },
      { id: "", term: "HADEED", language: "ar", tests: "", categories: "", words: "iron" },
      { id: "", term: "fer", language: "fr", tests: "Ferritin", categories: "", words: "" },
    ]);
    const outcome = await importSearchTerms(csv(file));
    expect(outcome).toEqual({
      ok: true,
      processed: 7,
      inserted: 1,
      updated: 1,
      failed: 5,
      errors: [
        "Row 3: Test not found: Zinc Panel",
        "Row 4: Missing required fields (term, and tests, categories or words)",
        "Row 5: Invalid UUID format for ID: not-a-uuid",
        "Row 6: Duplicate term: this term is also in row 2",
        "Row 7: Invalid language value: fr (use en or ar)",
      ],
    });
    const terms = await allSearchTerms();
    expect(terms.map((term) => [term.term, term.language, term.tests.length, term.categories.length, term.words])).toEqual([
      ["hadeed", "ar", 1, 0, ["iron"]],
      ["iron", "en", 2, 1, []],
    ]);
    expect(await importSearchTerms(new File(["{}"], "synonyms.json"))).toEqual({ ok: false, error: "Invalid import format: expected an array of synonyms" });
    expect(await importSearchTerms(new File(["x"], "synonyms.txt"))).toEqual({ ok: false, error: "Unsupported file format. Please use CSV or JSON files." });
  });
});

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

describe("searches counted for admins (no user, no address)", () => {
  it("lists searches that found nothing and searches whose results nobody followed, per normalised query", async () => {
    const visitor = BROWSER;
    const searched = (query: string, total: number, extra: Partial<Parameters<typeof recordSearch>[0]> = {}) =>
      recordSearch({ query, total, userAgent: visitor, filtered: false, page: 1, ...extra });
    searched("Zuckertest", 0);
    searched("zuckertest ", 0);
    searched("vitamin d", 4);
    searched("Vitamin-D", 4);
    searched("ferritin", 2);
    recordClick("FERRITIN");
    // Not counted: crawlers, later pages, filtered searches, and queries that look like personal details.
    searched("googlebot query", 0, { userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    searched("page two", 0, { page: 2 });
    searched("filtered", 0, { filtered: true });
    searched("someone@example.com", 0);
    searched("0501234567", 0);
    await flushSearchStats();
    const lists = await searchStatsLists();
    expect(lists.noResults.map((row) => [row.query, row.zeroResults])).toEqual([["zuckertest", 2]]);
    expect(lists.noClicks.map((row) => [row.query, row.searches])).toEqual([["vitamin d", 2]]);
  });

  it("the search page's beacon counts a click; a malformed one is refused with a message", async () => {
    recordSearch({ query: "ferritin", total: 1, userAgent: BROWSER, filtered: false, page: 1 });
    const beacon = (body: string) =>
      clickAction(
        routeArgs<Parameters<typeof clickAction>[0]>(
          new Request("http://localhost:3999/api/search-click", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
        ),
      );
    const answer = await beacon("q=Ferritin");
    expect(answer instanceof Response ? answer.status : null).toBe(204);
    expect((await searchStatsLists()).noClicks).toEqual([]);
    const refused = await routeOutcome(() => beacon("x=1"));
    expect(refused).toMatchObject({ status: 400, body: { error: "A search click needs the query (q) it came from." } });
  });

  it("the admin page lists them with a synonym to add, and only admins reach it", async () => {
    const admin = await createAccount(db, { email: "boss@example.com", password: "right-password", admin: true });
    await createAccount(db, { email: "customer@example.com", password: "right-password" });
    recordSearch({ query: "zuckertest", total: 0, userAgent: BROWSER, filtered: false, page: 1 });
    const asAdmin = await signedInAs(admin);
    const page = await routeOutcome(() => searchLoader(routeArgs<Parameters<typeof searchLoader>[0]>(asAdmin("/admin/search?language=xx&page=-3"))));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ language: null, page: 1, noResults: [{ query: "zuckertest", covered: false, language: "en" }] });
    const asCustomer = await signedInAs({ email: "customer@example.com", password: "right-password" });
    for (const request of [asCustomer("/admin/search"), asCustomer("/admin/search", { method: "POST", body: new URLSearchParams({ intent: "create", term: "x", language: "en", words: "y" }) })]) {
      const run = request.method === "GET" ? () => searchLoader(routeArgs(request)) : () => searchAction(routeArgs(request));
      expect((await routeOutcome(run)).status).not.toBe(200);
    }
    expect(await allSearchTerms()).toEqual([]);
  });
});
