import { ArrowDown, ArrowUp, ArrowUpDown } from "~/components/ui/icons";
import { Link } from "react-router";
import { TableHead } from "~/components/ui/table";

export type SortDirection = "asc" | "desc";

/** A column header that sorts an admin table by its column; a second click reverses the order. */
export function SortHead<Sort extends string>({
  label,
  column,
  sort,
  dir,
  hrefFor,
}: {
  label: string;
  column: Sort;
  sort: Sort;
  dir: SortDirection;
  hrefFor: (sort: Sort, dir: SortDirection) => string;
}) {
  const active = sort === column;
  const next: SortDirection = active && dir === "asc" ? "desc" : "asc";
  const Icon = !active ? ArrowUpDown : dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <TableHead aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link
        to={hrefFor(column, next)}
        className="inline-flex items-center gap-1 hover:underline"
        aria-label={`Sort by ${label} ${next === "asc" ? "ascending" : "descending"}`}
      >
        {label}
        <Icon className="size-3.5" aria-hidden />
      </Link>
    </TableHead>
  );
}
