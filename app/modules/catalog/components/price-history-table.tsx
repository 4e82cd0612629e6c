import { Link } from "react-router";
import { Pagination } from "~/components/pagination";
import { AdminTable } from "~/modules/admin/components/admin-table";
import { formatAed } from "~/utils/money";

type PriceHistoryRow = {
  id: string;
  at: Date | string;
  testName: string;
  testSlug: string;
  oldPriceFils: number | null;
  newPriceFils: number | null;
  actorKind: string;
  actorEmail: string | null;
  source: "form" | "import";
};

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Dubai" });
const ACTOR = { admin: "Admin", lab: "Lab member", system: "System", customer: "Customer", payment: "Payment provider" } as Record<string, string>;

/** What happened to the price: "AED 100.00 → AED 90.00", a new offer, a deleted one. */
function change(row: PriceHistoryRow) {
  if (row.oldPriceFils === null) return `New offer at ${formatAed(row.newPriceFils!)}`;
  if (row.newPriceFils === null) return `Offer deleted (was ${formatAed(row.oldPriceFils)})`;
  return `${formatAed(row.oldPriceFils)} → ${formatAed(row.newPriceFils)}`;
}

/** A lab's price history, newest first: the admin's (any lab) and the lab managers' (their own). */
export function PriceHistoryTable({ rows, page, pageCount }: { rows: PriceHistoryRow[]; page: number; pageCount: number }) {
  return (
    <>
      <AdminTable
        rows={rows}
        columns={[
          { header: "When", cell: (row) => dateTime.format(new Date(row.at)), className: "whitespace-nowrap" },
          {
            header: "Test",
            cell: (row) => (
              <Link to={`/product/${row.testSlug}`} className="hover:underline">
                {row.testName}
              </Link>
            ),
            className: "font-medium",
          },
          { header: "Price", cell: change, className: "whitespace-nowrap" },
          { header: "By", cell: (row) => `${ACTOR[row.actorKind] ?? row.actorKind}${row.actorEmail ? ` · ${row.actorEmail}` : ""}${row.source === "import" ? " (import)" : ""}`, className: "break-all" },
        ]}
        empty="No price changes yet."
      />
      <Pagination page={page} pageCount={pageCount} hrefFor={(n) => (n > 1 ? `?page=${n}` : "?")} />
    </>
  );
}
