import nodemailer, { type Transporter } from "nodemailer";
import type { Executor } from "~/db/client.server";
import { db } from "~/db/db.server";
import { sentMessages } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { enqueueJob } from "~/modules/jobs/jobs.server";

export type MailMessage = { to: string; subject: string; text: string; html?: string; kind?: string };

export const SEND_MAIL_JOB = "send-mail";

/** Queues an e-mail; it is sent by the job worker, retried on failure. */
export async function queueMail(executor: Executor, message: MailMessage) {
  await enqueueJob(executor, SEND_MAIL_JOB, message);
}

let transporter: Transporter | undefined;

/**
 * Sends through SMTP_URL, or writes to the development outbox (table sent_messages, transport
 * outbox). Either way the delivery is recorded in sent_messages; the body only in the outbox. The
 * log names the message but never holds its text: reset and verification links are secrets.
 */
export async function deliverMail(message: MailMessage) {
  const env = getEnv();
  if (env.SMTP_URL) {
    transporter ??= nodemailer.createTransport(env.SMTP_URL);
    await transporter.sendMail({ from: env.MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html });
    await db.insert(sentMessages).values({ kind: message.kind ?? "account", to: message.to, subject: message.subject, transport: "smtp" });
    logger.info({ to: message.to, subject: message.subject }, "e-mail sent");
    return;
  }
  const [stored] = await db
    .insert(sentMessages)
    .values({ kind: message.kind ?? "account", to: message.to, subject: message.subject, text: message.text, html: message.html, transport: "outbox" })
    .returning({ id: sentMessages.id });
  logger.info(
    { to: message.to, subject: message.subject, outboxId: stored.id },
    "SMTP_URL is not set: e-mail written to the development outbox (table sent_messages)",
  );
}
