import type { Executor } from "~/db/client.server";
import { statusChanges } from "~/db/schema";
import type { Actor } from "~/modules/lifecycle/order-status";

export type StatusChange = {
  subject: (typeof statusChanges.$inferInsert)["subject"];
  subjectId: string;
  field: (typeof statusChanges.$inferInsert)["field"];
  from: string | null;
  to: string;
  reason: string;
};

/** Writes the audit rows of lifecycle changes (who, when, from, to) in the caller's transaction. */
export async function recordStatusChanges(executor: Executor, actor: Actor, changes: StatusChange[]) {
  if (changes.length === 0) return;
  await executor.insert(statusChanges).values(
    changes.map((change) => ({
      subject: change.subject,
      subjectId: change.subjectId,
      field: change.field,
      fromStatus: change.from,
      toStatus: change.to,
      actorKind: actor.kind,
      actorId: actor.id ?? null,
      reason: change.reason,
    })),
  );
}
