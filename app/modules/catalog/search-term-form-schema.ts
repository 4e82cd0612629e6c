// The synonym form of /admin/search (issue 30), checked by the browser and the server alike; the
// server also looks the tests and categories up (manage-search-terms.server.ts).
import { z } from "zod";
import { requiredText } from "~/utils/form-fields";
import { text } from "~/utils/text-schema";
import { normaliseQuery } from "~/modules/catalog/search-query";

export const MAX_TERM_TESTS = 50;
export const MAX_TERM_WORDS = 20;
/** A category ticked in the form arrives as a field named "category:{id}". */
export const CATEGORY_FIELD_PREFIX = "category:";

export const NOTHING_STOOD_FOR = "Say what the term stands for: tests, categories or words.";

/** A list typed one item per line (tests) or separated by commas, semicolons or lines (words). */
const listOf = (separator: RegExp, max: number, what: string) =>
  text()
    .max(10_000)
    .optional()
    .transform((value) => [...new Set((value ?? "").split(separator).map((item) => item.trim()).filter(Boolean))])
    .refine((items) => items.length <= max, `At most ${max} ${what}`)
    .refine((items) => items.every((item) => item.length <= 200), "Each one must be at most 200 characters");

export const SearchTermFormSchema = z.preprocess(
  (form) =>
    form && typeof form === "object"
      ? {
          ...form,
          categoryIds: Object.keys(form)
            .filter((key) => key.startsWith(CATEGORY_FIELD_PREFIX))
            .map((key) => key.slice(CATEGORY_FIELD_PREFIX.length)),
        }
      : form,
  z
    .object({
      term: requiredText("Term is required", 100).refine((term) => normaliseQuery(term) !== "", "The term needs letters or digits"),
      language: z.enum(["en", "ar"], { error: "Choose English or Arabic" }),
      tests: listOf(/\r?\n/, MAX_TERM_TESTS, "tests"),
      words: listOf(/[,;\r\n]+/, MAX_TERM_WORDS, "words"),
      categoryIds: z.array(z.uuid({ error: "Choose categories from the list" })).max(50),
    })
    .refine((input) => input.tests.length + input.words.length + input.categoryIds.length > 0, { path: ["tests"], message: NOTHING_STOOD_FOR }),
);

export type SearchTermFormInput = z.output<typeof SearchTermFormSchema>;

export const AdminSearchTermsQuerySchema = z.object({
  q: text().trim().max(200).catch(""),
  language: z.enum(["en", "ar"]).nullable().catch(null).default(null),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
