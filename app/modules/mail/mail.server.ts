import { eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Executor } from "~/db/client.server";
import { db } from "~/db/db.server";
import { sentMessages } from "~/db/schema";
import { getEnv, type Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { enqueueJob } from "~/modules/jobs/jobs.server";

/** A file sent with a message; `content` is its text (calendar files), or base64 with `encoding` (a PDF invoice). */
export type MailAttachment = { filename: string; contentType: string; content: string; encoding?: "base64" };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The template (sent_messages.kind): a notification kind, or "account" for better-auth's mails. */
  kind?: string;
  attachments?: MailAttachment[];
  orderId?: string | null;
  bookingId?: string | null;
  /** The job delivering it: a job whose delivery is already recorded never sends again. */
  jobId?: number;
};

export type Delivery = { messageId: string; transport: "smtp" | "outbox"; alreadySent: boolean };

export const SEND_MAIL_JOB = "send-mail";

/** Queues an e-mail; it is sent by the job worker, retried on failure. */
export async function queueMail(executor: Executor, message: MailMessage) {
  await enqueueJob(executor, SEND_MAIL_JOB, message);
}

// Well inside the job lease (60 s): a send either finishes or fails before another worker could
// claim the same job again.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const transporters = new Map<string, Transporter>();

function transporterFor(smtpUrl: string) {
  let transporter = transporters.get(smtpUrl);
  if (!transporter) {
    transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    transporters.set(smtpUrl, transporter);
  }
  return transporter;
}

/** The delivery already recorded for a job, if any. */
export async function deliveryOfJob(executor: Executor, jobId: number) {
  const [row] = await executor
    .select({ id: sentMessages.id, transport: sentMessages.transport })
    .from(sentMessages)
    .where(eq(sentMessages.jobId, jobId))
    .limit(1);
  return row ?? null;
}

function rowValues(message: MailMessage, transport: "smtp" | "outbox") {
  const kept = transport === "outbox";
  return {
    kind: message.kind ?? "account",
    to: message.to,
    subject: message.subject,
    transport,
    // Sent through SMTP only who, what and when are kept: a body can hold a password-reset link.
    text: kept ? message.text : null,
    html: kept ? (message.html ?? null) : null,
    attachments: kept ? (message.attachments ?? []) : [],
    orderId: message.orderId ?? null,
    bookingId: message.bookingId ?? null,
    jobId: message.jobId ?? null,
  };
}

/** The host part of MAIL_FROM ("LabTest Hub <no-reply@labtesthub.ae>" -> "labtesthub.ae"). */
export function mailDomain(env: Env = getEnv()) {
  return env.MAIL_FROM.match(/@([^>\s]+)>?\s*$/)?.[1] ?? "labtesthub.ae";
}

/**
 * Sends through SMTP_URL, or writes to the development outbox (table sent_messages, transport
 * outbox). Either way the delivery is recorded in sent_messages with its job, order and booking;
 * the body and attachments only in the outbox. The log names the message but never holds its
 * text: reset and verification links are secrets.
 *
 * With a jobId it sends once per job. Into the outbox that is exact: the check and the insert
 * share a transaction that holds a lock on the job's id. Through SMTP it is at least once: a
 * process that dies after the server accepted the message and before the row is written sends
 * it again on the job's retry; the Message-ID is the job's, so mail clients can fold the copy.
 */
export async function deliverMail(message: MailMessage, env: Env = getEnv()): Promise<Delivery> {
  const jobId = message.jobId;
  if (env.SMTP_URL) {
    const previous = jobId === undefined ? null : await deliveryOfJob(db, jobId);
    if (previous) return { messageId: previous.id, transport: previous.transport, alreadySent: true };
    await transporterFor(env.SMTP_URL).sendMail({
      from: env.MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.map(({ filename, contentType, content, encoding }) => ({ filename, contentType, content, ...(encoding ? { encoding } : {}) })),
      ...(jobId === undefined ? {} : { messageId: `<job-${jobId}@${mailDomain(env)}>` }),
    });
    const [stored] = await db.insert(sentMessages).values(rowValues(message, "smtp")).returning({ id: sentMessages.id });
    logger.info({ to: message.to, subject: message.subject, jobId }, "e-mail sent");
    return { messageId: stored.id, transport: "smtp", alreadySent: false };
  }
  const outcome = await db.transaction(async (tx) => {
    if (jobId !== undefined) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sent_messages.job_id'), (${jobId}::bigint % 2147483647)::integer)`);
      const previous = await deliveryOfJob(tx, jobId);
      if (previous) return { messageId: previous.id, alreadySent: true };
    }
    const [stored] = await tx.insert(sentMessages).values(rowValues(message, "outbox")).returning({ id: sentMessages.id });
    return { messageId: stored.id, alreadySent: false };
  });
  if (!outcome.alreadySent) {
    logger.info(
      { to: message.to, subject: message.subject, outboxId: outcome.messageId, jobId },
      "SMTP_URL is not set: e-mail written to the development outbox (table sent_messages)",
    );
  }
  return { ...outcome, transport: "outbox" };
}
