// Reading and keeping the doctor's referral given before booking a test that needs one (issue 26).
// The file is health data: sealed with the results' key before it is stored (app/utils/sealing),
// never logged, never in a URL. Only its owner attaches it: the server reads the file from the
// form or from the owner's own cart line, never an id sent by the browser.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, notExists, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "~/db/client.server";
import { db } from "~/db/db.server";
import { bookings, cartItems, orderItems, referralFiles } from "~/db/schema";
import type { ReferralRequirement } from "~/modules/catalog/referral-requirement";
import {
  REFERRAL_CONFIRM_MESSAGE,
  REFERRAL_MAX_BYTES,
  REFERRAL_SIZE_MESSAGE,
  REFERRAL_TYPE_MESSAGE,
  REFERRAL_UPLOAD_MESSAGE,
  referralFields,
} from "~/modules/booking/referral";
import { open, seal } from "~/utils/sealing.server";
import { text } from "~/utils/text-schema";

type ContentType = (typeof referralFiles.$inferSelect)["contentType"];

/** A referral file read from a form, its type known from its first bytes. */
export type ReferralUpload = { contentType: ContentType; bytes: Buffer };

/** What a booking records of its referral: the doctor's name, a new upload, or the file already on the cart line. */
export type ReferralGiven = { doctorName: string | null; upload: ReferralUpload | null; fileId: string | null };

const NONE: ReferralGiven = { doctorName: null, upload: null, fileId: null };

const DoctorNameSchema = z.object({
  confirmed: z.literal("on", { error: REFERRAL_CONFIRM_MESSAGE }),
  doctorName: text().trim().min(2, REFERRAL_CONFIRM_MESSAGE).max(120, REFERRAL_CONFIRM_MESSAGE),
});

/** The content type the bytes are, by their magic numbers (PDF, PNG, JPEG), or null. */
export function sniffReferralType(bytes: Uint8Array): ContentType | null {
  const starts = (...magic: number[]) => magic.every((byte, index) => bytes[index] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  return null;
}

const DECLARED: Record<ContentType, string[]> = {
  "application/pdf": ["application/pdf"],
  "image/png": ["image/png"],
  "image/jpeg": ["image/jpeg", "image/jpg", "image/pjpeg"],
};

/** Reads an uploaded file: 5 MB at most, a PDF, PNG or JPEG by its content (and not declared as something else). */
async function readUpload(value: unknown): Promise<{ upload: ReferralUpload | null } | { problem: string }> {
  if (!(value instanceof Blob) || value.size === 0) return { upload: null };
  if (value.size > REFERRAL_MAX_BYTES) return { problem: REFERRAL_SIZE_MESSAGE };
  const bytes = Buffer.from(await value.arrayBuffer());
  const contentType = sniffReferralType(bytes);
  const declared = value.type.toLowerCase();
  if (!contentType || (declared && declared !== "application/octet-stream" && !DECLARED[contentType].includes(declared))) {
    return { problem: REFERRAL_TYPE_MESSAGE };
  }
  return { upload: { contentType, bytes } };
}

/**
 * The referral a booking of a test needing `requirement` is given by the form (fields of
 * `referralFields(testId)`): "doctor_name" needs the confirming checkbox and the doctor's name;
 * "upload" a valid file, or the one `kept` (the owner's cart line already holds). Nothing is
 * asked for (and nothing read) for "none". The problem otherwise, in the spec's English.
 */
export async function readReferral(
  requirement: ReferralRequirement,
  form: Record<string, unknown>,
  testId?: string,
  kept: { fileId: string | null } = { fileId: null },
): Promise<{ ok: true; referral: ReferralGiven } | { ok: false; problem: string }> {
  if (requirement === "none") return { ok: true, referral: NONE };
  const fields = referralFields(testId);
  if (requirement === "doctor_name") {
    const parsed = DoctorNameSchema.safeParse({ confirmed: form[fields.confirmed], doctorName: form[fields.doctorName] });
    if (!parsed.success) return { ok: false, problem: REFERRAL_CONFIRM_MESSAGE };
    return { ok: true, referral: { ...NONE, doctorName: parsed.data.doctorName } };
  }
  const read = await readUpload(form[fields.file]);
  if ("problem" in read) return { ok: false, problem: read.problem };
  if (read.upload) return { ok: true, referral: { ...NONE, upload: read.upload } };
  if (kept.fileId) return { ok: true, referral: { ...NONE, fileId: kept.fileId } };
  return { ok: false, problem: REFERRAL_UPLOAD_MESSAGE };
}

const sealContext = (fileId: string) => `referral-file:${fileId}`;

/** Stores a referral upload of `userId`, sealed, in the caller's transaction; its id. */
export async function storeReferralFile(executor: Executor, userId: string, upload: ReferralUpload) {
  const id = randomUUID();
  const { keyId, sealed } = seal(upload.bytes, sealContext(id));
  await executor.insert(referralFiles).values({ id, userId, contentType: upload.contentType, sizeBytes: upload.bytes.length, content: sealed, keyId });
  return id;
}

/** The referral's columns of a booking or line: the doctor's name, and the file (stored now when it was uploaded). */
export async function referralColumns(executor: Executor, userId: string, referral: ReferralGiven) {
  const fileId = referral.upload ? await storeReferralFile(executor, userId, referral.upload) : referral.fileId;
  return { referralDoctorName: referral.doctorName, referralFileId: fileId };
}

/** A stored referral's readable bytes (a row stored before sealing is read as it is). */
export function openReferralContent(row: { id: string; content: Buffer; keyId: string | null }) {
  return row.keyId ? open(row.content, row.keyId, sealContext(row.id)) : row.content;
}

/** The ids among `ids` that are referral files of `userId` (another account's file is not one). */
export async function ownReferralFileIds(userId: string, ids: string[], executor: Executor = db) {
  if (ids.length === 0) return new Set<string>();
  const rows = await executor
    .select({ id: referralFiles.id })
    .from(referralFiles)
    .where(and(eq(referralFiles.userId, userId), inArray(referralFiles.id, ids)));
  return new Set(rows.map((row) => row.id));
}

export const FORGET_UNUSED_REFERRALS_JOB = "forget-unused-referral-files";
export const FORGET_UNUSED_REFERRALS_EVERY_SECONDS = 3600;
/** An upload is kept this long unreferenced: the details step stores it before the line points to it. */
const UNUSED_REFERRAL_GRACE_MS = 24 * 3600_000;

/**
 * Deletes the referral files no cart line, order line or booking points to any more (a file replaced
 * by another upload, a cart line removed), once a day old: health data is not kept without a use.
 */
export async function forgetUnusedReferralFiles(now: Date = new Date(), executor: Executor = db) {
  const before = new Date(now.getTime() - UNUSED_REFERRAL_GRACE_MS);
  const used = (table: typeof cartItems | typeof orderItems | typeof bookings) =>
    notExists(executor.select({ one: sql`1` }).from(table).where(eq(table.referralFileId, referralFiles.id)));
  const forgotten = await executor
    .delete(referralFiles)
    .where(and(lt(referralFiles.createdAt, before), used(cartItems), used(orderItems), used(bookings)))
    .returning({ id: referralFiles.id });
  return forgotten.length;
}

