import { z } from "zod";
import { checkbox, optionalText, requiredText } from "~/utils/form-fields";
import { text } from "~/utils/text-schema";

export const BlogPostFormSchema = z.object({
  title: requiredText("Title is required", 200, true),
  excerpt: requiredText("Excerpt is required", 500, true),
  content: requiredText("Content is required", 200_000, true),
  author: requiredText("Author is required", 120, true),
  category: requiredText("Category is required", 80, true),
  // The spec keeps the image URL as free text; it is only ever rendered as an <img src>.
  imageUrl: text().trim().max(2000).optional().transform((value) => value || null),
  isPublished: checkbox(),
  // Arabic beside the English (issue 14); blank = the English is shown on Arabic pages.
  titleAr: optionalText(200, true),
  excerptAr: optionalText(500, true),
  contentAr: optionalText(200_000, true),
  authorAr: optionalText(120, true),
});

export type BlogPostInput = z.output<typeof BlogPostFormSchema>;

/** The blog list's row buttons: delete a post, or publish / unpublish it. */
export const BlogPostChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
  z.object({ intent: z.literal("publish"), id: z.uuid(), isPublished: z.enum(["true", "false"]) }),
]);
