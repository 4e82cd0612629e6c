import { db } from "~/db/db.server";
import { lineReferralErrorKey } from "~/modules/booking/referral";
import { readReferral, referralColumns, type ReferralGiven } from "~/modules/booking/referral-upload.server";
import type { ReferralRequirement } from "~/modules/catalog/referral-requirement";
import { saveLineReferrals } from "~/modules/cart/cart.server";

// Issue 26, "What the visit and the lab need": a test whose setting asks for a doctor's referral
// gets it at checkout's details step, per line: the doctor's name (with a confirming checkbox) or
// the referral file. The file a line already holds is kept unless another is chosen; the server
// never takes a file id from the form.

type ReferralLine = { testId: string; testName: string; testNameAr: string | null; referralRequirement: ReferralRequirement; referralFileId: string | null };
type LineProblem = { testName: string; testNameAr: string | null; message: string };

/** Reads and checks the referral of every line that needs one; the problems by line (`referral:{testId}`) otherwise. */
export async function readLineReferrals(
  lines: ReferralLine[],
  form: Record<string, unknown>,
): Promise<{ ok: true; lines: { testId: string; referral: ReferralGiven }[] } | { ok: false; problems: Record<string, LineProblem> }> {
  const problems: Record<string, LineProblem> = {};
  const given: { testId: string; referral: ReferralGiven }[] = [];
  for (const line of lines) {
    if (line.referralRequirement === "none") continue;
    const read = await readReferral(line.referralRequirement, form, line.testId, { fileId: line.referralFileId });
    if (read.ok) given.push({ testId: line.testId, referral: read.referral });
    else problems[lineReferralErrorKey(line.testId)] = { testName: line.testName, testNameAr: line.testNameAr, message: read.problem };
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, lines: given };
}

/** Stores the new uploads (sealed) and saves each line's referral on the user's cart, in one transaction. */
export async function saveReferrals(userId: string, lines: { testId: string; referral: ReferralGiven }[]) {
  if (lines.length === 0) return;
  await db.transaction(async (tx) => {
    const saved = [];
    for (const line of lines) saved.push({ testId: line.testId, ...(await referralColumns(tx, userId, line.referral)) });
    await saveLineReferrals(userId, saved, tx);
  });
}
