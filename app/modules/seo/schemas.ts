import { z } from "zod";
import { isHttpUrl, optionalEmail, optionalText, optionalUrl, pageNumber, requiredText } from "~/utils/form-fields";
import { text } from "~/utils/text-schema";

/** Profile URLs edited as text, one per line or comma-separated. */
const sameAsList = text()
  .optional()
  .transform((text) => (text ?? "").split(/[\n,]/).map((line) => line.trim()).filter(Boolean))
  .refine((urls) => urls.every((url) => isHttpUrl(url)), "Each profile must be a valid URL")
  .refine((urls) => urls.length <= 20, "At most 20 profiles");

export const SiteSeoFormSchema = z.object({
  siteTitle: requiredText("Site title is required", 120),
  siteDescription: requiredText("Site description is required", 500),
  defaultOgImage: optionalUrl(),
  googleAnalyticsId: optionalText(40, true).refine((id) => !id || /^[A-Za-z0-9-]+$/.test(id), "Please enter a valid analytics ID"),
  siteUrl: optionalUrl(),
  googleSiteVerification: optionalText(200, true),
  bingSiteVerification: optionalText(200, true),
  siteLocale: optionalText(20, true).transform((locale) => locale ?? "en_AE"),
  twitterSite: optionalText(60, true),
  twitterCreator: optionalText(60, true),
  contactPhone: optionalText(40, true),
  contactEmail: optionalEmail(),
  sameAs: sameAsList,
});

export const PageSeoFormSchema = z.object({
  pagePath: text({ error: "Page path is required" })
    .trim()
    .min(1, "Page path is required")
    .max(500)
    .refine((path) => path.startsWith("/") && !path.startsWith("//"), "Page path must start with /")
    .transform((path) => path.replace(/\/+$/, "") || "/"),
  title: requiredText("Title is required", 200),
  description: requiredText("Description is required", 500),
  keywords: optionalText(500, true),
  ogImage: optionalUrl(),
  canonicalUrl: optionalUrl(),
});

export const pageFilters = ["all", "missing", "present"] as const;
export type PageFilter = (typeof pageFilters)[number];

/** The SEO screen's tabs. */
export const seoTabs = [
  { id: "general", label: "General SEO" },
  { id: "page-seo", label: "Page SEO" },
  { id: "pages", label: "Pages (Auto)" },
] as const;

/** The SEO screen's URL: ?tab=&filter=&page= (anything unexpected falls back to the default). */
export const SeoViewSchema = z.object({
  tab: z.enum(seoTabs.map((tab) => tab.id)).catch("general"),
  filter: z.enum(pageFilters).catch("all"),
  page: pageNumber(),
});

export type SeoView = z.output<typeof SeoViewSchema>;
