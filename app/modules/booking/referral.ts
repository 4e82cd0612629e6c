// The doctor's referral asked for before booking a test that needs one (issue 26): the fields of
// the Book Test form and of checkout's lines, the limits of an upload and the messages. Shared by
// the server and the browser.
import type { ReferralRequirement } from "~/modules/catalog/referral-requirement";

/** What an uploaded referral may be (checked by its first bytes on the server, not only its declared type). */
export const REFERRAL_ACCEPT = "application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg";
export const REFERRAL_MAX_BYTES = 5 * 1024 * 1024;

export const REFERRAL_CONFIRM_MESSAGE = "Please confirm that you have a doctor's referral and enter the doctor's name";
export const REFERRAL_UPLOAD_MESSAGE = "Please upload the doctor's referral (PDF, PNG or JPEG)";
export const REFERRAL_TYPE_MESSAGE = "The referral must be a PDF, PNG or JPEG file";
export const REFERRAL_SIZE_MESSAGE = "The referral must be 5 MB or smaller";

/** The form fields of a referral: plain for Book Test, `{name}:{testId}` for a checkout line. */
export function referralFields(testId?: string) {
  const field = (name: string) => (testId ? `${name}:${testId}` : name);
  return { confirmed: field("referralConfirmed"), doctorName: field("referralDoctorName"), file: field("referralFile") };
}

/** The field-error key of a checkout line's referral. */
export const lineReferralErrorKey = (testId: string) => `referral:${testId}`;

/** What the browser can tell of a chosen file before sending it (the server checks its content too). */
export function referralFileProblem(file: { size: number; type: string }): string | null {
  if (file.size > REFERRAL_MAX_BYTES) return REFERRAL_SIZE_MESSAGE;
  if (file.type && !["application/pdf", "image/png", "image/jpeg"].includes(file.type)) return REFERRAL_TYPE_MESSAGE;
  return null;
}

export type { ReferralRequirement };
