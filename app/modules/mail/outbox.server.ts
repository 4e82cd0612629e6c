import { count, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/db.server";
import { sentMessages } from "~/db/schema";
import { getEnv, type Env } from "~/utils/env.server";
import { pageNumber, searchText } from "~/utils/form-fields";

export const OUTBOX_PAGE_SIZE = 25;

export const OutboxQuerySchema = z.object({ page: pageNumber(), to: searchText() });

/** The delivered messages, newest first, a page at a time; `to` keeps one recipient's. */
export async function listSentMessages({ page, to }: z.output<typeof OutboxQuerySchema>) {
  // Exact address (as typed or lower-cased), so the (to, created_at) index serves the filter.
  const filter = to ? inArray(sentMessages.to, [...new Set([to, to.toLowerCase()])]) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: sentMessages.id,
        kind: sentMessages.kind,
        to: sentMessages.to,
        subject: sentMessages.subject,
        transport: sentMessages.transport,
        createdAt: sentMessages.createdAt,
        attachments: sql<number>`jsonb_array_length(${sentMessages.attachments})`,
      })
      .from(sentMessages)
      .where(filter)
      .orderBy(desc(sentMessages.createdAt), desc(sentMessages.id))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((page - 1) * OUTBOX_PAGE_SIZE),
    db.select({ total: count() }).from(sentMessages).where(filter),
  ]);
  return {
    messages: rows,
    total,
    pages: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)),
  };
}

const MessageId = z.uuid();

/** What an account message's link shows in production, after the site's address. */
export const HIDDEN_LINK = "[link hidden]";

/**
 * Account messages (password reset, e-mail verification) carry a link that signs in as their
 * recipient: in production an admin reading the outbox sees where each link led (its origin)
 * but not the link itself (decision 0023).
 */
function hideLinks(body: string | null) {
  return (
    body?.replace(/https?:\/\/[^\s"'<>]+/g, (link) => {
      try {
        return `${new URL(link).origin}/${HIDDEN_LINK}`;
      } catch {
        return HIDDEN_LINK;
      }
    }) ?? null
  );
}

/**
 * One delivered message with its body and attachments (kept only for the development outbox), or
 * null; in production an account message's links are hidden.
 */
export async function findSentMessage(messageId: string, env: Env = getEnv()) {
  if (!MessageId.safeParse(messageId).success) return null;
  const [message] = await db.select().from(sentMessages).where(eq(sentMessages.id, messageId));
  if (!message) return null;
  if (message.kind !== "account" || env.NODE_ENV !== "production") return { ...message, linksHidden: false };
  return { ...message, text: hideLinks(message.text), html: hideLinks(message.html), linksHidden: true };
}

/** An attachment of a message by its position, or null. */
export async function findAttachment(messageId: string, index: string) {
  const position = z.coerce.number().int().min(0).max(100).safeParse(index);
  if (!position.success) return null;
  const message = await findSentMessage(messageId);
  return message?.attachments[position.data] ?? null;
}
