import { z } from "zod";
import { text } from "~/utils/text-schema";

const optional = (max: number) =>
  text()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => value || null);

const optionalUrl = text()
  .trim()
  .max(2000)
  .optional()
  .refine((value) => !value || z.url({ protocol: /^https?$/ }).safeParse(value).success, "Please enter a valid URL")
  .transform((value) => value || null);

/** Profile URLs edited as text, one per line or comma-separated. */
const sameAsList = text()
  .optional()
  .transform((text) => (text ?? "").split(/[\n,]/).map((line) => line.trim()).filter(Boolean))
  .refine((urls) => urls.every((url) => z.url({ protocol: /^https?$/ }).safeParse(url).success), "Each profile must be a valid URL")
  .refine((urls) => urls.length <= 20, "At most 20 profiles");

export const SiteSeoFormSchema = z.object({
  siteTitle: text({ error: "Site title is required" }).trim().min(1, "Site title is required").max(120),
  siteDescription: text({ error: "Site description is required" })
    .trim()
    .min(1, "Site description is required")
    .max(500),
  defaultOgImage: optionalUrl,
  googleAnalyticsId: optional(40).refine((id) => !id || /^[A-Za-z0-9-]+$/.test(id), "Please enter a valid analytics ID"),
  siteUrl: optionalUrl,
  googleSiteVerification: optional(200),
  bingSiteVerification: optional(200),
  siteLocale: optional(20).transform((locale) => locale ?? "en_AE"),
  twitterSite: optional(60),
  twitterCreator: optional(60),
  contactPhone: optional(40),
  contactEmail: text()
    .trim()
    .max(254)
    .optional()
    .refine((value) => !value || z.email().safeParse(value).success, "Please enter a valid email address")
    .transform((value) => value || null),
  sameAs: sameAsList,
});

export const PageSeoFormSchema = z.object({
  pagePath: text({ error: "Page path is required" })
    .trim()
    .min(1, "Page path is required")
    .max(500)
    .refine((path) => path.startsWith("/") && !path.startsWith("//"), "Page path must start with /")
    .transform((path) => path.replace(/\/+$/, "") || "/"),
  title: text({ error: "Title is required" }).trim().min(1, "Title is required").max(200),
  description: text({ error: "Description is required" }).trim().min(1, "Description is required").max(500),
  keywords: optional(500),
  ogImage: optionalUrl,
  canonicalUrl: optionalUrl,
});

export const pageFilters = ["all", "missing", "present"] as const;
export type PageFilter = (typeof pageFilters)[number];
