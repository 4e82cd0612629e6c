// Who the customer's tax invoices are made out to, when not the patient (issue 29): a business's
// name, address and UAE TRN, saved on the profile and copied onto each invoice when it is issued.
// The form's Zod schema, shared by the browser and the server. Client-safe.
import { z } from "zod";
import { text } from "~/utils/text-schema";

export const TRN_MESSAGE = "A UAE TRN is 15 digits";
export const TRN_NEEDS_BUSINESS_MESSAGE = "A TRN needs the business's name and address";

/** All three optional; a TRN (spaces and dashes aside) is 15 digits and needs the name and address beside it. */
export const BillingDetailsSchema = z
  .object({
    billingName: text().trim().max(200, "Please use at most 200 characters").optional().default(""),
    billingAddress: text().trim().max(500, "Please use at most 500 characters").optional().default(""),
    billingTrn: text()
      .transform((value) => value.replace(/[\s-]+/g, ""))
      .pipe(z.string().regex(/^(\d{15})?$/, TRN_MESSAGE))
      .optional()
      .default(""),
  })
  .refine((value) => !value.billingTrn || (value.billingName && value.billingAddress), { path: ["billingTrn"], message: TRN_NEEDS_BUSINESS_MESSAGE });

export type BillingDetailsInput = z.infer<typeof BillingDetailsSchema>;
export type BillingDetails = { billingName: string | null; billingAddress: string | null; billingTrn: string | null };
