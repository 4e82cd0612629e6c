import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "~/db/schema/columns";

/** Outbox of background jobs, claimed with FOR UPDATE SKIP LOCKED and a lease. */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default({}),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    deadAt: timestamp("dead_at", { withTimezone: true }),
    dedupeKey: text("dedupe_key").unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index("jobs_runnable_idx")
      .on(t.runAt)
      .where(sql`${t.doneAt} is null and ${t.deadAt} is null`),
    // The job counts of /metrics and /admin/jobs by kind, dead ones included (done ones are never read).
    index("jobs_unfinished_kind_idx")
      .on(t.kind)
      .where(sql`${t.doneAt} is null`),
  ],
);

/** Fixed-window counters shared by every app process (sign-in throttling and the like). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

export const messageTransports = ["smtp", "outbox"] as const;

/**
 * Every e-mail the app has delivered, one row per delivery (a resend is a new row). Sent through
 * SMTP_URL the row keeps only who, what and when: a body can hold a password-reset link. Without
 * SMTP_URL the row IS the development outbox: body, HTML and attachments are kept, for
 * /admin/outbox and the tests. order_id and booking_id (no foreign keys: the history outlives
 * them) put a message on its booking's timeline.
 */
export const sentMessages = pgTable(
  "sent_messages",
  {
    id: id(),
    /** The template, e.g. booking_confirmed, password_reset (see modules/notifications). */
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    transport: text("transport", { enum: messageTransports }).notNull(),
    text: text("text"),
    html: text("html"),
    attachments: jsonb("attachments").$type<{ filename: string; contentType: string; content: string; encoding?: "base64" }[]>().notNull().default([]),
    orderId: uuid("order_id"),
    bookingId: uuid("booking_id"),
    /** The send job that delivered it (jobs.id); its payload re-renders the message for a resend. */
    jobId: bigint("job_id", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("sent_messages_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    index("sent_messages_to_idx").on(t.to, t.createdAt.desc().nullsFirst()),
    index("sent_messages_booking_idx").on(t.bookingId).where(sql`${t.bookingId} is not null`),
    index("sent_messages_order_idx").on(t.orderId).where(sql`${t.orderId} is not null`),
    check("sent_messages_transport_check", sql`${t.transport} in ('smtp', 'outbox')`),
  ],
);

/**
 * What an admin did in the back office outside the order and booking lifecycles (which keep their
 * own history in status_changes): e.g. retrying or discarding a dead job. No foreign keys: the
 * record outlives the admin's account and its subject.
 */
export const adminActions = pgTable(
  "admin_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").notNull(),
    /** e.g. job.retry, job.discard */
    action: text("action").notNull(),
    subjectKind: text("subject_kind").notNull(),
    subjectId: text("subject_id").notNull(),
    detail: jsonb("detail").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("admin_actions_subject_idx").on(t.subjectKind, t.subjectId, t.createdAt)],
);
