// Sharing a result with a doctor (issue 28, decision 0063): a link with a random token (only its
// SHA-256 is stored), valid for 1 to 30 days (7 by default), revocable, showing that result only.
// Each opening is logged. An expired, revoked or unknown link is "not found".
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { db, preparedQuery } from "~/db/db.server";
import { resultShares } from "~/db/schema";
import { logResultAccess } from "~/modules/results/result-access-log.server";
import { customerResultId } from "~/modules/results/result-access.server";
import { getNow } from "~/modules/slots/clock.server";

export const DEFAULT_SHARE_DAYS = 7;
export const MAX_SHARE_DAYS = 30;

export const ShareDaysSchema = z.coerce
  .number({ error: `Choose between 1 and ${MAX_SHARE_DAYS} days` })
  .int(`Choose between 1 and ${MAX_SHARE_DAYS} days`)
  .min(1, `Choose between 1 and ${MAX_SHARE_DAYS} days`)
  .max(MAX_SHARE_DAYS, `Choose between 1 and ${MAX_SHARE_DAYS} days`)
  .default(DEFAULT_SHARE_DAYS);

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The path of a share link (the token is the secret; it is shown once, to the patient). */
export const sharePath = (token: string) => `/results/shared/${token}`;

/** Creates a link for the customer's own released result; null when it is not theirs. */
export async function createShare(userId: string, resultId: string, days: number = DEFAULT_SHARE_DAYS) {
  const own = await customerResultId(userId, resultId);
  if (!own) return null;
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(getNow().getTime() + days * 86_400_000);
  return db.transaction(async (tx) => {
    const [share] = await tx.insert(resultShares).values({ resultId: own, tokenHash: hashOf(token), expiresAt }).returning({ id: resultShares.id });
    await logResultAccess(own, { action: "share", actorKind: "customer", actorId: userId, shareId: share.id }, tx);
    return { token, shareId: share.id, expiresAt: expiresAt.toISOString() };
  });
}

/** Revokes one of the customer's links (of their own result); false when there is no such link. */
export async function revokeShare(userId: string, resultId: string, shareId: string) {
  const own = await customerResultId(userId, resultId);
  if (!own || !/^[0-9a-f-]{36}$/i.test(shareId)) return false;
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(resultShares)
      .set({ revokedAt: getNow() })
      .where(and(eq(resultShares.id, shareId), eq(resultShares.resultId, own), isNull(resultShares.revokedAt)))
      .returning({ id: resultShares.id });
    if (revoked.length === 0) return false;
    await logResultAccess(own, { action: "share_revoke", actorKind: "customer", actorId: userId, shareId }, tx);
    return true;
  });
}

const sharesOfResult = preparedQuery("shares_of_result", (database) =>
  database
    .select({ id: resultShares.id, expiresAt: resultShares.expiresAt, revokedAt: resultShares.revokedAt, createdAt: resultShares.createdAt })
    .from(resultShares)
    .where(eq(resultShares.resultId, sql.placeholder("resultId")))
    .orderBy(desc(resultShares.createdAt))
    .limit(50),
);

/** The result's links, newest first, with whether each still works. */
export async function sharesOf(resultId: string, now: Date = getNow()) {
  const rows = await sharesOfResult().execute({ resultId });
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    active: !row.revokedAt && row.expiresAt > now,
  }));
}
export type ShareRow = Awaited<ReturnType<typeof sharesOf>>[number];

/** The result a link opens (null when the link is unknown, expired or revoked). */
export async function resolveShare(token: string | undefined, now: Date = getNow()) {
  if (!token || !/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [share] = await db
    .select({ id: resultShares.id, resultId: resultShares.resultId, expiresAt: resultShares.expiresAt })
    .from(resultShares)
    .where(and(eq(resultShares.tokenHash, hashOf(token)), isNull(resultShares.revokedAt), gt(resultShares.expiresAt, now)));
  return share ?? null;
}

/** Records a link's opening or download. */
export function logShareUse(share: { id: string; resultId: string }, action: "share_open" | "share_download") {
  return logResultAccess(share.resultId, { action, actorKind: "share", shareId: share.id });
}
