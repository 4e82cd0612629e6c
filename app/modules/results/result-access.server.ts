// Who may read a result (issue 28, decision 0062): the customer who booked it (once released);
// members of the lab that produced it; an admin only after recording a reason (break-glass, open
// for BREAK_GLASS_MINUTES, shown to the patient); a share link's visitor, that result only,
// until it expires or is revoked. Anyone else gets the same answer as for an id that does not
// exist: null, which routes answer with 404.
import { and, desc, eq, gt } from "drizzle-orm";
import { db } from "~/db/db.server";
import { resultAccessLog, results } from "~/db/schema";
import type { LabScope } from "~/modules/partner/lab-scope.server";
import { getNow } from "~/modules/slots/clock.server";

export const BREAK_GLASS_MINUTES = 15;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text is a well-formed id (a forged one is "not found" before any query). */
export const isId = (value: string | undefined): value is string => value !== undefined && UUID.test(value);

/** The customer's own released result, or null. */
export async function customerResultId(userId: string, resultId: string | undefined) {
  if (!isId(resultId)) return null;
  const [row] = await db.select({ id: results.id, releasedAt: results.releasedAt }).from(results).where(and(eq(results.id, resultId), eq(results.userId, userId)));
  return row?.releasedAt ? row.id : null;
}

/** A result of the member's lab, or null. */
export async function labResultId(scope: LabScope, resultId: string | undefined) {
  if (!isId(resultId)) return null;
  const [row] = await db.select({ id: results.id }).from(results).where(and(eq(results.id, resultId), eq(results.labId, scope.labId)));
  return row?.id ?? null;
}

/** Whether the admin recorded a break-glass reason for this result within the last BREAK_GLASS_MINUTES. */
export async function breakGlassOpen(adminId: string, resultId: string, now: Date = getNow()) {
  const since = new Date(now.getTime() - BREAK_GLASS_MINUTES * 60_000);
  const [row] = await db
    .select({ at: resultAccessLog.createdAt })
    .from(resultAccessLog)
    .where(and(eq(resultAccessLog.resultId, resultId), eq(resultAccessLog.actorId, adminId), eq(resultAccessLog.action, "break_glass"), gt(resultAccessLog.createdAt, since)))
    .orderBy(desc(resultAccessLog.createdAt))
    .limit(1);
  return Boolean(row);
}

/**
 * A report's download: the PDF as an attachment, never cached (issue 28); `X-Content-Type-Options:
 * nosniff` comes with every answer of the server (server/index.js). The name carries no
 * medical content.
 */
export function reportResponse(pdf: Buffer, version: number) {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `attachment; filename="result-v${version}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}

/** The headers of every page that shows a result (its loader's and its .data request's). */
export const RESULT_PAGE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" } as const;
