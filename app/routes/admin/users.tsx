import { data, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/users";
import { Badge } from "~/components/ui/badge";
import { Pagination } from "~/components/pagination";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useActionResult, type ActionResult } from "~/modules/admin/action-result";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { AdminSearch } from "~/modules/admin/components/admin-search";
import { AdminSearchSchema } from "~/modules/admin/schemas";
import { grantAdmin, listUsers, revokeAdmin, USERS_PAGE_SIZE } from "~/modules/admin/users.server";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/request-body.server";
import { text } from "~/utils/text-schema";

export const meta: Route.MetaFunction = () => [{ title: "Users | Admin | LabTest Hub" }];

const LAST_ADMIN_MESSAGE = "At least one admin must remain: make another user an admin first.";

const RoleChangeSchema = z.object({ intent: z.enum(["grant", "revoke"]), userId: text().min(1).max(64) });

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { q, page } = AdminSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { users, total } = await listUsers(q, page);
  return { q, page, pages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)), users, currentUserId: admin.id };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = RoleChangeSchema.safeParse(await readForm(request));
  if (!parsed.success) return data<ActionResult>({ ok: false, toast: { title: "Error updating user role" } }, { status: 400 });
  const { intent, userId } = parsed.data;
  if (intent === "grant") {
    const change = await grantAdmin(userId);
    if (change === "granted") return data<ActionResult>({ ok: true, toast: { title: "Admin privileges granted" } });
    if (change === "already-admin") return data<ActionResult>({ ok: false, toast: { title: "User is already an admin" } });
    return data<ActionResult>({ ok: false, toast: { title: "Error updating user role" } }, { status: 404 });
  }
  const change = await revokeAdmin(userId);
  if (change === "removed") return data<ActionResult>({ ok: true, toast: { title: "Admin privileges removed" } });
  if (change === "last-admin") {
    return data<ActionResult>(
      { ok: false, toast: { title: "Error removing admin role", description: LAST_ADMIN_MESSAGE } },
      { status: 409 },
    );
  }
  return data<ActionResult>({ ok: false, toast: { title: "Error removing admin role" } }, { status: 404 });
}

function RoleButton({ userId, isAdmin }: { userId: string; isAdmin: boolean }) {
  const fetcher = useFetcher();
  useActionResult(fetcher);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="intent" value={isAdmin ? "revoke" : "grant"} />
      <Button type="submit" size="sm" variant={isAdmin ? "outline" : "default"} disabled={fetcher.state !== "idle"}>
        {isAdmin ? "Remove Admin" : "Make Admin"}
      </Button>
    </fetcher.Form>
  );
}

const dateFormat = new Intl.DateTimeFormat("en-AE", { dateStyle: "medium", timeZone: "Asia/Dubai" });

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, q, page, pages, currentUserId } = loaderData;
  const pageLink = (n: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;
  return (
    <div>
      <AdminHeader title="Users" subtitle="Grant or remove admin access" />
      <AdminSearch label="Search by email" defaultValue={q} />
      <Table className="mt-6">
        <TableHeader>
          <TableRow>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Created At</TableHead>
            <TableHead className="text-end">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id}>
              <TableCell>{user.id === currentUserId ? user.email : `User ID: ${user.id.slice(0, 8)}…`}</TableCell>
              <TableCell>
                <Badge variant={user.isAdmin ? "default" : "secondary"}>{user.isAdmin ? "Admin" : "User"}</Badge>
              </TableCell>
              <TableCell>{dateFormat.format(new Date(user.createdAt))}</TableCell>
              <TableCell>
                <div className="flex justify-end">
                  <RoleButton userId={user.id} isAdmin={user.isAdmin} />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {users.length === 0 ? (
        <p className="p-6 text-center text-sm text-muted-foreground">
          {q ? "No users match your search." : "No users yet."}
        </p>
      ) : null}
      <Pagination page={page} pageCount={pages} hrefFor={pageLink} />
    </div>
  );
}
