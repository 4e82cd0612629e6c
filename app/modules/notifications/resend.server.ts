import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { jobs, sentMessages } from "~/db/schema";
import { enqueueJob } from "~/modules/jobs/jobs.server";
import { SEND_NOTIFICATION_JOB, type NotificationPayload } from "~/modules/notifications/notify.server";

export type ResendOutcome = "queued" | "not-found" | "not-resendable" | "forbidden";

/** The admin resending (only an admin may). */
type Resender = { id: string; isAdmin: boolean };

/**
 * An admin sends a delivered message again: its send job's payload is queued as a new
 * send-notification job, so the message is rendered from the database as it is now and
 * recorded as a new delivery. The payload names the admin (`resentBy`) for the booking's
 * timeline. Account messages (verification, password reset) were not sent from a notification
 * job and are not resendable: their links are single-use secrets. `requestToken` (the form's
 * token) makes a double-click queue one message.
 */
export async function resendMessage(messageId: string, admin: Resender, requestToken: string = randomUUID()): Promise<ResendOutcome> {
  if (!admin.isAdmin) return "forbidden";
  const [message] = await db
    .select({ jobId: sentMessages.jobId, payload: jobs.payload })
    .from(sentMessages)
    .leftJoin(jobs, and(eq(jobs.id, sentMessages.jobId), eq(jobs.kind, SEND_NOTIFICATION_JOB)))
    .where(eq(sentMessages.id, messageId));
  if (!message) return "not-found";
  if (!message.payload) return "not-resendable";
  const { resentBy: _previous, ...payload } = message.payload as NotificationPayload & { resentBy?: string };
  await enqueueJob(db, SEND_NOTIFICATION_JOB, { ...payload, resentBy: admin.id }, { dedupeKey: `resend:${messageId}:${requestToken}`, maxAttempts: 8 });
  return "queued";
}

/** The admin's message for each refusal of a resend. */
export const RESEND_REFUSALS: Record<Exclude<ResendOutcome, "queued">, string> = {
  "not-found": "This message no longer exists.",
  "not-resendable": "Account e-mails (sign-up and password links) cannot be resent from here.",
  forbidden: "Only an admin can resend a message.",
};
