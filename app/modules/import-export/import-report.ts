import type { Toast } from "~/utils/form-result";

/** What an import did: counts and per-row errors, or why the whole file was refused. */
export type ImportOutcome =
  | {
      ok: true;
      processed: number;
      inserted: number;
      updated: number;
      failed: number;
      errors: string[];
      /** Per-row notes on saved rows, e.g. a price not applied to a test priced by its lab offers. */
      notices?: string[];
    }
  | { ok: false; error: string };

/**
 * A toast of the import report: the one `Toast`, whose kind is said by `destructive` (an error when
 * true, a success otherwise), the shape the import route has always answered.
 */
export type ImportToast = Omit<Toast, "type"> & { destructive: boolean };

/** The toasts that report an import (spec section 8); the error details list the first 3 errors. */
export function importToasts(outcome: ImportOutcome): ImportToast[] {
  if (!outcome.ok) return [{ title: "Import failed", description: outcome.error, destructive: true }];
  const { processed, inserted, updated, failed, errors, notices = [] } = outcome;
  const summary: ImportToast = {
    title: "Import completed",
    description: `Processed ${processed} records: ${inserted} inserted, ${updated} updated, ${failed} failed`,
    destructive: failed > 0,
  };
  const notes: ImportToast[] = notices.length
    ? [{ title: "Import notes", description: firstThree(notices, "more notes"), destructive: false }]
    : [];
  if (errors.length === 0) return [summary, ...notes];
  return [summary, { title: "Import errors details", description: firstThree(errors, "more errors"), destructive: true }, ...notes];
}

function firstThree(lines: string[], more: string) {
  return [...lines.slice(0, 3), ...(lines.length > 3 ? [`... and ${lines.length - 3} ${more}`] : [])].join("\n");
}
