import type { Toast } from "~/utils/form-result";

/** What an import did: counts and per-row errors, or why the whole file was refused. */
export type ImportOutcome =
  | { ok: true; processed: number; inserted: number; updated: number; failed: number; errors: string[] }
  | { ok: false; error: string };

/**
 * A toast of the import report: the one `Toast`, whose kind is said by `destructive` (an error when
 * true, a success otherwise), the shape the import route has always answered.
 */
export type ImportToast = Omit<Toast, "type"> & { destructive: boolean };

/** The toasts that report an import (spec section 8); the error details list the first 3 errors. */
export function importToasts(outcome: ImportOutcome): ImportToast[] {
  if (!outcome.ok) return [{ title: "Import failed", description: outcome.error, destructive: true }];
  const { processed, inserted, updated, failed, errors } = outcome;
  const summary: ImportToast = {
    title: "Import completed",
    description: `Processed ${processed} records: ${inserted} inserted, ${updated} updated, ${failed} failed`,
    destructive: failed > 0,
  };
  if (errors.length === 0) return [summary];
  const more = errors.length > 3 ? [`... and ${errors.length - 3} more errors`] : [];
  return [summary, { title: "Import errors details", description: [...errors.slice(0, 3), ...more].join("\n"), destructive: true }];
}
