import { z } from "zod";
import { aedToFils } from "~/utils/money";
import { text } from "~/utils/text-schema";

/** The highest price a test may have, in AED. */
const MAX_TEST_PRICE_AED = 100_000;

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => value || null);

/** Rich text (HTML); sanitised with the one allow-list when saved. */
const richText = optionalText(100_000);

/** The add/edit test form (spec section 5): name and price required, everything else optional. */
export const TestFormSchema = z.object({
  name: text({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(200, "Must be at most 200 characters"),
  // Typed in AED with at most 2 decimals (step 0.01, minimum 0); stored as integer fils.
  price: text({ error: "Price is required" })
    .trim()
    .min(1, { error: "Price is required", abort: true })
    .regex(/^\d+(\.\d{1,2})?$/, { error: "Price must be a number of 0 or more with at most 2 decimals", abort: true })
    .transform(Number)
    .refine((aed) => aed <= MAX_TEST_PRICE_AED, `Price must be at most ${MAX_TEST_PRICE_AED.toLocaleString("en")}`)
    .transform(aedToFils),
  categoryId: z
    .union([z.literal(""), z.uuid("Please choose a category from the list")])
    .optional()
    .transform((value) => value || null),
  description: richText,
  preparationInstructions: richText,
  whyYouNeedThisTest: richText,
  resultTime: optionalText(120),
  featuredImage: text()
    .trim()
    .max(2000, "Must be at most 2000 characters")
    .optional()
    .refine((value) => !value || z.url({ protocol: /^https?$/ }).safeParse(value).success, "Please enter a valid URL")
    .transform((value) => value || null),
  cptCode: optionalText(40),
  transportTemperature: optionalText(120),
  specimen: optionalText(200),
});

export type TestInput = z.output<typeof TestFormSchema>;

const TEST_SORTS = ["name", "price", "result_time"] as const;
export type TestSort = (typeof TEST_SORTS)[number];
export type SortDirection = "asc" | "desc";

/** The admin tests list's URL: ?q=&sort=&dir=&page= (anything unexpected falls back to the default). */
export const AdminTestsQuerySchema = z.object({
  q: text().trim().max(200).catch(""),
  sort: z.enum(TEST_SORTS).catch("name"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type AdminTestsQuery = z.output<typeof AdminTestsQuerySchema>;
