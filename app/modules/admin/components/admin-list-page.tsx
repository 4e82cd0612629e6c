import type { ReactNode } from "react";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { AdminSearch } from "~/modules/admin/components/admin-search";
import { AdminTable, type AdminColumn } from "~/modules/admin/components/admin-table";

/** The one admin list screen: heading (with its add button), search box, table, and what comes under it (pages). */
export function AdminListPage<Row>({
  title,
  subtitle,
  action,
  searchLabel,
  q,
  children,
  ...table
}: {
  title: string;
  subtitle: string;
  action?: ReactNode;
  searchLabel: string;
  q: string;
  children?: ReactNode;
  columns: AdminColumn<Row>[];
  rows: Row[];
  actions?: (row: Row) => ReactNode;
  empty?: ReactNode;
}) {
  return (
    <div>
      <AdminHeader title={title} subtitle={subtitle} action={action} />
      <AdminSearch label={searchLabel} defaultValue={q} />
      <AdminTable {...table} />
      {children}
    </div>
  );
}
