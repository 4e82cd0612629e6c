import { registerJobHandler } from "~/modules/jobs/jobs.server";
import { ISSUE_MISSING_INVOICES_JOB, issueMissingInvoices } from "~/modules/invoices/missing-invoices.server";

// The invoices of payments taken before the business settings were set, queued when they are saved.
registerJobHandler(ISSUE_MISSING_INVOICES_JOB, async () => {
  await issueMissingInvoices();
});
