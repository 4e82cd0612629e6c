import { z } from "zod";

/** /admin/jobs: what an admin may do to a dead job. */
export const DeadJobActionSchema = z.object({
  intent: z.enum(["retry", "discard"]),
  jobId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
