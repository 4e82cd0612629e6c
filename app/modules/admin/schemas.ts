import { z } from "zod";
import { text } from "~/utils/text-schema";

const optionalText = text()
  .trim()
  .max(2000)
  .optional()
  .transform((value) => value || null);

const optionalUrl = text()
  .trim()
  .max(2000)
  .optional()
  .refine((value) => !value || z.url({ protocol: /^https?$/ }).safeParse(value).success, "Please enter a valid URL")
  .transform((value) => value || null);

export const CategoryFormSchema = z.object({
  name: text({ error: "Name is required" }).trim().min(1, "Name is required").max(120),
  description: optionalText,
  icon: z.enum(["heart", "dna", "none"]).default("none").transform((icon) => (icon === "none" ? null : icon)),
});

export const LabFormSchema = z.object({
  name: text({ error: "Name is required" }).trim().min(1, "Name is required").max(160),
  description: optionalText,
  address: optionalText,
  contactPhone: text().trim().max(40).optional().transform((value) => value || null),
  contactEmail: text()
    .trim()
    .max(254)
    .optional()
    .refine((value) => !value || z.email().safeParse(value).success, "Please enter a valid email address")
    .transform((value) => value || null),
  isActive: z
    .enum(["on", "true", "false"])
    .optional()
    .transform((value) => value === "on" || value === "true"),
  logoUrl: optionalUrl,
  bannerUrl: optionalUrl,
});

export const IdSchema = z.object({ id: z.uuid() });

export const AdminSearchSchema = z.object({
  q: text().trim().max(200).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

const requiredText = (message: string, max: number) =>
  text({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const BlogPostFormSchema = z.object({
  title: requiredText("Title is required", 200),
  excerpt: requiredText("Excerpt is required", 500),
  content: requiredText("Content is required", 200_000),
  author: requiredText("Author is required", 120),
  category: requiredText("Category is required", 80),
  // The spec keeps the image URL as free text; it is only ever rendered as an <img src>.
  imageUrl: text().trim().max(2000).optional().transform((value) => value || null),
  isPublished: z
    .enum(["on", "true", "false"])
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

export const webhookEventOptions = [
  { id: "booking_created", label: "Booking Created" },
  { id: "booking_updated", label: "Booking Updated" },
  { id: "booking_completed", label: "Booking Completed" },
  { id: "booking_cancelled", label: "Booking Cancelled" },
] as const;

const HeadersSchema = z.record(text().regex(/^[A-Za-z0-9-]+$/, "Invalid header name"), text().max(2000));

export const WebhookFormSchema = z.object({
  name: text({ error: "Name is required" }).trim().min(1, "Name is required").max(120),
  url: text({ error: "URL is required" })
    .trim()
    .min(1, "URL is required")
    .max(2000)
    .refine((value) => z.url({ protocol: /^https?$/ }).safeParse(value).success, "Please enter a valid URL"),
  enabled: z
    .enum(["on", "true", "false"])
    .optional()
    .transform((value) => value === "on" || value === "true"),
  events: z.array(z.enum(["booking_created", "booking_updated", "booking_completed", "booking_cancelled"])).default([]),
  headers: text()
    .optional()
    .transform((text, context) => {
      if (!text?.trim()) return {};
      try {
        const parsed = HeadersSchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // reported below
      }
      context.addIssue({ code: "custom", message: "Invalid JSON format for headers" });
      return z.NEVER;
    }),
  secretKey: text().trim().max(500).optional().transform((value) => value || null),
});
