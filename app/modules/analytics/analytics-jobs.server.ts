import { registerJobHandler } from "~/modules/jobs/jobs.server";
import { ROLL_UP_ANALYTICS_EVERY_SECONDS, ROLL_UP_ANALYTICS_JOB, rollUpAnalytics } from "~/modules/analytics/rollup.server";

// The periodic roll-up of the admin's analytics figures (issue 31, decision 0074).
registerJobHandler(
  ROLL_UP_ANALYTICS_JOB,
  Object.assign(
    async () => {
      await rollUpAnalytics();
    },
    { everySeconds: ROLL_UP_ANALYTICS_EVERY_SECONDS },
  ),
);
