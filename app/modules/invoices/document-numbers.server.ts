import { sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import type { DocumentSeries } from "~/modules/invoices/vat-rates";
import { documentNumber } from "~/modules/invoices/vat";

/**
 * The next number of a series for a year, taken in the caller's transaction with one upsert
 * (the capacity counter's pattern): the counter row stays locked until that transaction ends,
 * so two documents never get the same number, and a rolled-back document gives its number back,
 * so the numbers have no gaps.
 */
export async function takeDocumentNumber(tx: Transaction, series: DocumentSeries, year: number, prefix: string): Promise<string> {
  const { rows } = await tx.execute<{ last_number: number }>(sql`
    insert into document_counters (series, year, last_number) values (${series}, ${year}, 1)
    on conflict (series, year) do update set last_number = document_counters.last_number + 1
    returning last_number`);
  return documentNumber(prefix, year, Number(rows[0].last_number));
}
