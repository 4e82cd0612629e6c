// A booking's referral file (issue 26): read by the lab of its booking and by admins, nobody else
// here (its owner uploads it at checkout). Anyone else gets the same answer as for a booking that
// does not exist: null, which routes answer with 404, so a booking id reveals nothing.
import { and, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, referralFiles } from "~/db/schema";
import { openReferralContent } from "~/modules/booking/referral-upload.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ReferralFile = { bookingId: string; contentType: (typeof referralFiles.$inferSelect)["contentType"]; content: Buffer };

/**
 * The referral file of a booking: of the lab `reader.labId` only (a lab member, scoped by the
 * portal's guard), or of any booking for an admin (`reader.admin`, checked by the caller's guard).
 * Null for a malformed id, another lab's booking, or a booking without a file.
 */
export async function referralFileOfBooking(bookingId: string | undefined, reader: { labId: string } | { admin: true }): Promise<ReferralFile | null> {
  if (!bookingId || !UUID.test(bookingId)) return null;
  const [row] = await db
    .select({ bookingId: bookings.id, fileId: referralFiles.id, contentType: referralFiles.contentType, content: referralFiles.content, keyId: referralFiles.keyId })
    .from(bookings)
    .innerJoin(referralFiles, eq(referralFiles.id, bookings.referralFileId))
    .where(and(eq(bookings.id, bookingId), "labId" in reader ? eq(bookings.labId, reader.labId) : undefined));
  if (!row) return null;
  return { bookingId: row.bookingId, contentType: row.contentType, content: openReferralContent({ id: row.fileId, content: row.content, keyId: row.keyId }) };
}

const EXTENSIONS: Record<ReferralFile["contentType"], string> = { "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg" };

/**
 * The download: the stored content type, as an attachment, never cached (as result reports are);
 * `X-Content-Type-Options: nosniff` comes with every answer of the server. The name carries
 * nothing of the patient or the test.
 */
export function referralResponse(file: ReferralFile) {
  return new Response(new Uint8Array(file.content), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.content.length),
      "Content-Disposition": `attachment; filename="referral-${file.bookingId.slice(0, 8)}.${EXTENSIONS[file.contentType]}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
