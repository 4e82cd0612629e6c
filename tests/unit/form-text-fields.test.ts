// Every shared form schema passes its text through the one normaliser: a NUL byte (which
// PostgreSQL text cannot store) never reaches the database, whichever field it arrives in.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ProfileSchema } from "~/modules/accounts/profile-update.server";
import { ResetPasswordSchema } from "~/modules/accounts/schemas";
import { AdminSearchSchema } from "~/modules/admin/schemas";
import { WebhookFormSchema } from "~/modules/webhooks/webhook-form-schema";
import { BlogPostFormSchema } from "~/modules/blog/schemas";
import { CategoryFormSchema, LabFormSchema } from "~/modules/catalog/schemas";
import { PageSeoFormSchema, SiteSeoFormSchema } from "~/modules/seo/schemas";
import { AdminTestsQuerySchema, TestFormSchema } from "~/modules/catalog/test-form-schema";
import { PatientDetailsSchema } from "~/modules/booking/schemas";
import { BusinessSettingsSchema, InvoiceListQuerySchema } from "~/modules/invoices/schemas";
import { BreakGlassSchema } from "~/modules/results/admin-results.server";

const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

const forms: [string, z.ZodType, Record<string, string>][] = [
  ["profile", ProfileSchema, { firstName: "Aisha", lastName: "Al Mansoori", phone: "+971 50 123 4567" }],
  ["password reset", ResetPasswordSchema, { token: "a-token", password: "a-long-unusual-passphrase-42" }],
  ["booking", PatientDetailsSchema, { patientName: "Aisha", patientEmail: "aisha@example.com", patientPhone: "+971 50 123 4567", notes: "Morning", scheduledDate: tomorrow, scheduledTime: "10:00" }],
  ["test", TestFormSchema, { name: "Vitamin D", price: "100", description: "<p>About</p>", preparationInstructions: "Fast", whyYouNeedThisTest: "Why", resultTime: "24 hours", featuredImage: "https://example.com/a.png", cptCode: "82306", transportTemperature: "Room", specimen: "Blood" }],
  ["lab", LabFormSchema, { name: "Lab", description: "About", address: "Abu Dhabi", contactPhone: "+971 2 000 0000", contactEmail: "lab@example.com", logoUrl: "https://example.com/l.png", bannerUrl: "https://example.com/b.png" }],
  ["category", CategoryFormSchema, { name: "Blood", description: "Blood tests" }],
  ["blog post", BlogPostFormSchema, { title: "Title", excerpt: "Excerpt", content: "<p>Body</p>", author: "Author", category: "Health", imageUrl: "https://example.com/i.png", titleAr: "عنوان", excerptAr: "مقتطف", contentAr: "<p>نص</p>", authorAr: "الكاتب" }],
  ["webhook", WebhookFormSchema, { name: "CRM", url: "https://example.com/hook", headers: '{"X-Source":"site"}', secretKey: "secret" }],
  ["site SEO", SiteSeoFormSchema, { siteTitle: "LabTest Hub", siteDescription: "Lab tests", googleSiteVerification: "abc", twitterSite: "@lab", contactPhone: "+971", sameAs: "https://example.com/p" }],
  ["page SEO", PageSeoFormSchema, { pagePath: "/about", title: "About", description: "About us", keywords: "lab" }],
  ["admin search", AdminSearchSchema, { q: "vitamin" }],
  ["admin tests list", AdminTestsQuerySchema, { q: "vitamin" }],
  // Issue 29's business settings (its intent is a fixed word, not text) and invoice search, issue 28's break-glass reason.
  ["business settings", BusinessSettingsSchema.omit({ intent: true }), { legalName: "LabTest Hub L.L.C.", legalNameAr: "لاب تست هب", address: "Al Maryah Island, Abu Dhabi", trn: "100234567800003", invoicePrefix: "INV", creditNotePrefix: "CN" }],
  ["admin invoices search", InvoiceListQuerySchema, { q: "INV-2026" }],
  ["break-glass", BreakGlassSchema, { reason: "The patient's doctor asked by phone" }],
];

const hasNul = (value: unknown): boolean =>
  typeof value === "string" ? value.includes("\u0000") : value !== null && typeof value === "object" && Object.values(value).some(hasNul);

describe.each(forms)("the %s form", (_name, schema, valid) => {
  // A password is kept exactly as typed: it is only ever hashed, never stored as text.
  const textFields = Object.keys(valid).filter((field) => field !== "password");
  it.each(textFields)("accepts %s with a NUL byte and keeps none of it", async (field) => {
    const value = valid[field];
    // Inside the text (JSON needs the escape; a URL keeps its scheme in front).
    const withNul = value.startsWith("{") ? value.replace('"site"', '"si\\u0000te"') : `${value.slice(0, 2)}\u0000${value.slice(2)}`;
    const parsed = await schema.safeParseAsync({ ...valid, [field]: withNul });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(hasNul(parsed.data)).toBe(false);
  });
});

describe("the test form as the server checks it", () => {
  it("answers a category that is not an id with the field's message, without asking the database", async () => {
    const { TestFormServerSchema } = await import("~/modules/catalog/manage-tests.server");
    const parsed = await TestFormServerSchema.safeParseAsync({ name: "Vitamin D", price: "100", categoryId: "\u0000x" });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(["Please choose a category from the list"]);
  });
});
