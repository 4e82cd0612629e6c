// What booking a test asks for first (issue 26), shared by the database schema, the server and
// the browser. Import-free.
/** none; doctor_name: a checkbox confirming a referral and the doctor's name; upload: the referral itself. */
export const referralRequirements = ["none", "doctor_name", "upload"] as const;
export type ReferralRequirement = (typeof referralRequirements)[number];
