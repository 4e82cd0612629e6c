import { deliverMail, SEND_MAIL_JOB, type MailMessage } from "../mail/mail.server";
import type { JobHandler } from "./jobs.server";

/** Every kind of background job and the function that runs it. */
export const jobHandlers: Record<string, JobHandler> = {
  [SEND_MAIL_JOB]: (payload: MailMessage) => deliverMail(payload),
};
