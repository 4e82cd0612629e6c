import { registerJobHandler } from "~/modules/jobs/jobs.server";
import { REFRESH_BOOKING_COUNTS_EVERY_SECONDS, REFRESH_BOOKING_COUNTS_JOB, refreshSearchUpkeep } from "~/modules/catalog/test-popularity.server";

// The periodic sweep of the search's popularity counts and old search statistics (issue 30).
registerJobHandler(REFRESH_BOOKING_COUNTS_JOB, Object.assign(refreshSearchUpkeep, { everySeconds: REFRESH_BOOKING_COUNTS_EVERY_SECONDS }));
