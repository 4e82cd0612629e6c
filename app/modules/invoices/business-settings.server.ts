import { eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { db } from "~/db/db.server";
import { businessSettings } from "~/db/schema";

export type BusinessSettings = typeof businessSettings.$inferSelect;

/** The sentence shown wherever an invoice cannot be issued yet (issue 29). */
export const MISSING_BUSINESS_SETTINGS_MESSAGE =
  "Invoices cannot be issued until an admin completes the business settings (legal name, address and TRN) at Admin, Business settings.";

/** The seller's particulars, or null while they are not set. */
export async function getBusinessSettings(executor: Executor = db): Promise<BusinessSettings | null> {
  const [row] = await executor.select().from(businessSettings).where(eq(businessSettings.id, 1));
  return row ?? null;
}

export type BusinessSettingsInput = {
  legalName: string;
  legalNameAr?: string | null;
  address: string;
  trn: string;
  invoicePrefix: string;
  creditNotePrefix: string;
};

/** Creates or replaces the one row of business settings (the admin's form, the demo seed). */
export async function saveBusinessSettings(input: BusinessSettingsInput, executor: Executor = db) {
  const values = { ...input, legalNameAr: input.legalNameAr || null };
  await executor
    .insert(businessSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: businessSettings.id, set: { ...values, updatedAt: new Date() } });
}
