import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { searchTests } from "~/modules/catalog/search-tests.server";
import { parseSearchState } from "~/modules/catalog/search-params";
import { writeSearchTerm } from "~/modules/catalog/search-terms.server";
import { writeTestContents } from "~/modules/catalog/test-contents.server";
import { refreshBookingCounts } from "~/modules/catalog/test-popularity.server";
import { createAccount, insertCategory, insertTest } from "~/seed/factories.server";

const search = (q: string, language: "en" | "ar" = "en", extra = "") => searchTests(parseSearchState(new URLSearchParams(`q=${encodeURIComponent(q)}${extra}`)), language);
const names = (result: { tests: { name: string }[] }) => result.tests.map((test) => test.name);
const term = (values: { term: string; language?: "en" | "ar"; testIds?: string[]; categoryIds?: string[]; words?: string[] }) =>
  writeSearchTerm(db, { language: "en", testIds: [], categoryIds: [], words: [], ...values });

describe("search by meaning (issue 30)", () => {
  it("shows the tests an everyday term stands for first, and finds the term inside a longer query", async () => {
    const hba1c = await insertTest(db, { name: "HbA1c (Glycated Haemoglobin)" });
    const fasting = await insertTest(db, { name: "Fasting Blood Glucose" });
    await insertTest(db, { name: "Glucose Challenge Test" });
    await insertTest(db, { name: "Lipid Profile", description: "<p>Blood fats, not sugar level.</p>" });
    await term({ term: "Sugar level", testIds: [hba1c.id, fasting.id], words: ["glucose"] });
    expect(names(await search("sugar level")).slice(0, 2).sort()).toEqual(["Fasting Blood Glucose", "HbA1c (Glycated Haemoglobin)"]);
    // The term's word is searched too; a test whose description merely has the words comes last.
    expect(names(await search("my sugar levels test"))).toEqual(["Fasting Blood Glucose", "HbA1c (Glycated Haemoglobin)", "Glucose Challenge Test"]);
    expect(names(await search("sugar levels"))).toEqual(["Fasting Blood Glucose", "HbA1c (Glycated Haemoglobin)", "Glucose Challenge Test", "Lipid Profile"]);
    // Whole words only: "sugary levels" is not the term, but a near miss, and the page says what it searched.
    expect((await search("sugary levels")).correctedQuery).toBe("sugar levels");
  });

  it("finds a test by its CPT code and by the abbreviation in its name", async () => {
    await insertTest(db, { name: "HbA1c (Glycated Haemoglobin)", cptCode: "83036" });
    await insertTest(db, { name: "Complete Blood Count (CBC)", cptCode: "85025" });
    await insertTest(db, { name: "CBC Differential Add-on" });
    expect(names(await search("83036"))).toEqual(["HbA1c (Glycated Haemoglobin)"]);
    expect(names(await search("cpt 85025"))[0]).toBe("Complete Blood Count (CBC)");
    expect(names(await search("cbc"))).toEqual(["Complete Blood Count (CBC)", "CBC Differential Add-on"]);
    // The abbreviation in parentheses names the test wherever they are, before a name that merely starts with it.
    await insertTest(db, { name: "CK-MB" });
    await insertTest(db, { name: "Creatine Kinase (CK), Total" });
    expect(names(await search("ck"))).toEqual(["Creatine Kinase (CK), Total", "CK-MB"]);
  });

  it("finds a three-letter query at the start of the names' words, not inside them", async () => {
    const category = await insertCategory(db, { name: "General Health" });
    await insertTest(db, { name: "ALT (Alanine Aminotransferase)" });
    await insertTest(db, { name: "Liver Function Panel (ALT, AST)" });
    await insertTest(db, { name: "Anti-ALT Screen" });
    await insertTest(db, { name: "Salt Intake Panel" });
    await insertTest(db, { name: "Health Check - Cobalt Clinic", categoryId: category.id });
    expect(names(await search("alt"))).toEqual(["ALT (Alanine Aminotransferase)", "Anti-ALT Screen", "Liver Function Panel (ALT, AST)"]);
    // Longer words still match inside names.
    expect(names(await search("cobal"))).toEqual(["Health Check - Cobalt Clinic"]);
  });

  it("ranks the single test, then the packages that contain it, then tests that only mention it", async () => {
    const ferritin = await insertTest(db, { name: "Ferritin" });
    const checkup = await insertTest(db, { name: "Women's Wellness Package" });
    const anaemia = await insertTest(db, { name: "Anaemia Panel" });
    await insertTest(db, { name: "Transferrin", description: "<p>Read together with ferritin.</p>" });
    await writeTestContents(db, checkup.id, [{ analyte: "Ferritin", componentTestId: ferritin.id }, { analyte: "Haemoglobin", componentTestId: null }]);
    await writeTestContents(db, anaemia.id, [{ analyte: "Ferritin", componentTestId: ferritin.id }]);
    expect(names(await search("ferritin"))).toEqual(["Ferritin", "Anaemia Panel", "Women's Wellness Package", "Transferrin"]);
    // An analyte without a test of its own finds the packages that contain it.
    expect(names(await search("haemoglobin"))).toEqual(["Women's Wellness Package"]);
  });

  it("finds a query of short words as whole words of the names, whatever the punctuation between them", async () => {
    await insertTest(db, { name: "Free T4 (Free Thyroxine)" });
    await insertTest(db, { name: "T3/T4 Panel" });
    await insertTest(db, { name: "FT4X Research Marker" });
    await insertTest(db, { name: "Thyroid Screen", description: "<p>Includes T4.</p>" });
    // Names first (the word at a name's start, then inside it), then a test whose description has the word.
    expect(names(await search("t4"))).toEqual(["T3/T4 Panel", "Free T4 (Free Thyroxine)", "Thyroid Screen"]);
  });

  it("reads a query without a two-letter word that no name has, rather than finding nothing", async () => {
    await insertTest(db, { name: "Vitamin K1 (Phylloquinone)" });
    await insertTest(db, { name: "Vitamin B6" });
    await insertTest(db, { name: "Zinc" });
    // "k2" is in no name: the query is also read as "vitamin", and nothing is "corrected".
    const result = await search("vitamin k2");
    expect(names(result).sort()).toEqual(["Vitamin B6", "Vitamin K1 (Phylloquinone)"]);
    expect(result.correctedQuery).toBeNull();
    // A short word that starts a word of a name still narrows the search.
    expect(names(await search("vitamin b6"))).toEqual(["Vitamin B6"]);
  });

  it("finds packages by a short analyte (under three letters) at the start of the analyte's words", async () => {
    const cardiac = await insertTest(db, { name: "Cardiac Package" });
    const muscle = await insertTest(db, { name: "Muscle Injury Panel" });
    const blood = await insertTest(db, { name: "Full Blood Picture" });
    await writeTestContents(db, cardiac.id, [{ analyte: "CK-MB", componentTestId: null }]);
    await writeTestContents(db, muscle.id, [{ analyte: "Total CK", componentTestId: null }]);
    await writeTestContents(db, blood.id, [{ analyte: "Packed Cell Volume", componentTestId: null }]);
    expect(names(await search("ck")).sort()).toEqual(["Cardiac Package", "Muscle Injury Panel"]);
  });

  it("breaks ties between equally good matches by popularity (bookings that are not cancelled)", async () => {
    const quiet = await insertTest(db, { name: "Vitamin A (Retinol)" });
    const popular = await insertTest(db, { name: "Vitamin E (Tocopherol)" });
    const customer = await createAccount(db);
    const booking = (testId: string, status: "pending" | "cancelled") =>
      db.execute(sql`insert into bookings (test_id, user_id, scheduled_date, patient_name, patient_email, status)
        values (${testId}, ${customer.id}, '2030-01-01', 'Patient', 'p@example.com', ${status})`);
    await booking(popular.id, "pending");
    await booking(popular.id, "pending");
    await booking(quiet.id, "pending");
    await booking(quiet.id, "cancelled");
    await booking(quiet.id, "cancelled");
    expect(await refreshBookingCounts()).toBe(2);
    expect(names(await search("vitamin"))).toEqual(["Vitamin E (Tocopherol)", "Vitamin A (Retinol)"]);
    expect(await refreshBookingCounts()).toBe(0);
  });

  it("understands Arabic terms with or without the article, Arabic typed in Latin letters, and mixed queries", async () => {
    const hba1c = await insertTest(db, { name: "HbA1c (Glycated Haemoglobin)", nameAr: "السكر التراكمي (الهيموغلوبين السكري)" });
    const fasting = await insertTest(db, { name: "Fasting Blood Glucose", nameAr: "سكر الدم الصائم" });
    await insertTest(db, { name: "Vitamin D (25-OH)", nameAr: "فيتامين د" });
    await insertTest(db, { name: "Lipid Profile", nameAr: "فحص الدهون الشامل" });
    await term({ term: "سكر", language: "ar", testIds: [hba1c.id, fasting.id] });
    await term({ term: "sukkar", language: "ar", testIds: [hba1c.id, fasting.id] });
    await term({ term: "fitamin", language: "ar", words: ["vitamin"] });
    for (const query of ["فحص السكر", "تحليل سكر", "sukkar"]) {
      expect(names(await search(query, "ar")).slice(0, 2).sort(), query).toEqual(["Fasting Blood Glucose", "HbA1c (Glycated Haemoglobin)"]);
    }
    expect(names(await search("fitamin d"))[0]).toBe("Vitamin D (25-OH)");
    expect(names(await search("فحص vitamin d", "ar"))[0]).toBe("Vitamin D (25-OH)");
    expect(names(await search("سكر hba1c", "ar"))[0]).toBe("HbA1c (Glycated Haemoglobin)");
  });

  it("corrects a misspelt word to a synonym's word, and reads a query the same however it is punctuated", async () => {
    const fasting = await insertTest(db, { name: "Fasting Blood Glucose" });
    await insertTest(db, { name: "hs-CRP (High-Sensitivity C-Reactive Protein)" });
    await term({ term: "sugar level", testIds: [fasting.id] });
    const corrected = await search("suger level");
    expect(names(corrected)).toEqual(["Fasting Blood Glucose"]);
    expect(corrected.correctedQuery).toBe("sugar level");
    expect(names(await search("HS CRP"))).toEqual(names(await search("hs-crp")));
    expect(names(await search("hs-crp"))).toEqual(["hs-CRP (High-Sensitivity C-Reactive Protein)"]);
    expect((await search("!!! ???")).total).toBe(0);
  });

  it("reads a term of letters and signs however it is spaced, and finds nothing for signs alone", async () => {
    const category = await insertCategory(db, { name: "Kidney & Urinary" });
    const electrolytes = await insertTest(db, { name: "Urea and Electrolytes", categoryId: category.id });
    await insertTest(db, { name: "Urine Culture", categoryId: category.id });
    await term({ term: "U&E", testIds: [electrolytes.id] });
    expect(names(await search("u&e"))[0]).toBe("Urea and Electrolytes");
    expect(names(await search("U & E"))[0]).toBe("Urea and Electrolytes");
    // "&" is in the category's name, but a sign alone is no word of it.
    expect((await search("&")).total).toBe(0);
  });

  it("a term may stand for a category", async () => {
    const genetic = await insertCategory(db, { name: "Genetic Testing" });
    await insertTest(db, { name: "BRCA1 and BRCA2", categoryId: genetic.id });
    await insertTest(db, { name: "Ferritin" });
    await term({ term: "dna test", categoryIds: [genetic.id] });
    expect(names(await search("dna test"))).toEqual(["BRCA1 and BRCA2"]);
  });
});
