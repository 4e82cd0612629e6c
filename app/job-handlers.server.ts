// Every kind of background job and the function that runs it: each domain registers its own kinds
// in its *-jobs.server.ts; this list of those files is what start-up (server/app.ts) and the tests
// import. The job runner (modules/jobs) imports no domain module (README, Layout; decision 0030).
import "~/modules/analytics/analytics-jobs.server";
import "~/modules/booking/booking-jobs.server";
import "~/modules/catalog/catalog-jobs.server";
import "~/modules/invoices/invoice-jobs.server";
import "~/modules/mail/mail-jobs.server";
import "~/modules/notifications/notification-jobs.server";
import "~/modules/payments/payment-jobs.server";
import "~/modules/webhooks/webhook-jobs.server";
import { registeredJobHandlers } from "~/modules/jobs/jobs.server";

export const jobHandlers = registeredJobHandlers();
