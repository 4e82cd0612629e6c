import { registerJobHandler } from "~/modules/jobs/jobs.server";
import { deliverMail, SEND_MAIL_JOB, type MailMessage } from "~/modules/mail/mail.server";

// The job's id makes a retried job deliver once (see deliverMail).
registerJobHandler(SEND_MAIL_JOB, async (payload: MailMessage, job) => {
  await deliverMail({ ...payload, jobId: job.id });
});
