import { z } from "zod";
import { aedToFils } from "~/utils/money";
import { optionalText, optionalUrl, pageNumber, requiredText, searchText } from "~/utils/form-fields";
import { text } from "~/utils/text-schema";
import { referralRequirements } from "~/modules/catalog/referral-requirement";

/** The highest price a test may have, in AED. */
const MAX_TEST_PRICE_AED = 100_000;

/** Rich text (HTML); sanitised with the one allow-list when saved. */
const richText = optionalText(100_000, true);

/** The add/edit test form (spec section 5): name and price required, everything else optional. */
export const TestFormSchema = z.object({
  name: requiredText("Name is required", 200, true),
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
  resultTime: optionalText(120, true),
  featuredImage: optionalUrl(true),
  cptCode: optionalText(40, true),
  transportTemperature: optionalText(120, true),
  specimen: optionalText(200, true),
  // What booking the test asks for first (issue 26); absent = left as it is.
  referralRequirement: z.enum(referralRequirements, { error: "Please choose what the referral needs" }).optional(),
  // The test's own VAT (issue 29, decision 0065): "" = its category's; absent = left as it is. The
  // list is invoices/vat-rates.ts (a layer above) and a CHECK in the database, as the category form's.
  vatRate: z
    .enum(["", "standard", "zero"], { error: "Please choose the VAT" })
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
  // Arabic beside the English (issue 14); blank = the English is shown on Arabic pages.
  nameAr: optionalText(200, true),
  descriptionAr: richText,
  preparationInstructionsAr: richText,
  whyYouNeedThisTestAr: richText,
});

export type TestInput = z.output<typeof TestFormSchema>;

const TEST_SORTS = ["name", "price", "result_time"] as const;
export type TestSort = (typeof TEST_SORTS)[number];
export type SortDirection = "asc" | "desc";

/** The admin tests list's URL: ?q=&sort=&dir=&page= (anything unexpected falls back to the default). */
export const AdminTestsQuerySchema = z.object({
  q: searchText(),
  sort: z.enum(TEST_SORTS).catch("name"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  page: pageNumber(),
});

export type AdminTestsQuery = z.output<typeof AdminTestsQuerySchema>;
