import { z } from "zod";
import { text } from "~/utils/text-schema";

/** The admin's business settings form (issue 29): control characters removed first (text()), so a NUL never reaches the database. */
export const BusinessSettingsSchema = z.object({
  intent: z.literal("save-business-settings"),
  legalName: text().trim().min(2, { message: "Enter the legal name." }).max(200),
  legalNameAr: text().trim().max(200).optional().default(""),
  address: text().trim().min(5, { message: "Enter the address." }).max(500),
  trn: text()
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{15}$/, { message: "The TRN is 15 digits." })),
  invoicePrefix: text().trim().regex(/^[A-Z]{2,6}$/, { message: "2 to 6 capital letters, e.g. INV." }),
  creditNotePrefix: text().trim().regex(/^[A-Z]{2,6}$/, { message: "2 to 6 capital letters, e.g. CN." }),
});

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** /admin/invoices?q=&from=&to=: a search (number, customer name or e-mail) and a period of issue dates (Asia/Dubai). */
export const InvoiceListQuerySchema = z.object({
  q: text().trim().max(100).optional().catch(undefined),
  from: date.optional().catch(undefined),
  to: date.optional().catch(undefined),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;
