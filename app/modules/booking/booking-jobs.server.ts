import { registerJobHandler } from "~/modules/jobs/jobs.server";
import { FORGET_UNUSED_REFERRALS_EVERY_SECONDS, FORGET_UNUSED_REFERRALS_JOB, forgetUnusedReferralFiles } from "~/modules/booking/referral-upload.server";

// Referral files nothing points to any more are deleted (health data kept only while used).
registerJobHandler(
  FORGET_UNUSED_REFERRALS_JOB,
  Object.assign(
    async () => {
      await forgetUnusedReferralFiles();
    },
    { everySeconds: FORGET_UNUSED_REFERRALS_EVERY_SECONDS },
  ),
);
