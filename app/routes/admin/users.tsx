import { z } from "zod";
import type { Route } from "./+types/users";
import { Pagination } from "~/components/pagination";
import { Badge } from "~/components/ui/badge";
import { adminUsersPage, changeAdminRole, type RoleChange } from "~/modules/accounts/roles.server";
import { adminFormAction, adminLoader } from "~/modules/admin/admin-route.server";
import { AdminListPage } from "~/modules/admin/components/admin-list-page";
import { IntentButton } from "~/modules/admin/components/intent-button";
import { AdminSearchSchema } from "~/modules/admin/schemas";
import type { Toast } from "~/utils/form-result";
import { formFailure, formSuccess } from "~/utils/form-result.server";
import { text } from "~/utils/text-schema";

export const meta: Route.MetaFunction = () => [{ title: "Users | Admin | LabTest Hub" }];

const RoleChangeSchema = z.object({ intent: z.enum(["grant", "revoke"]), userId: text().min(1).max(64) });

/** How each outcome of a role change is answered: a success, or a refusal with its status. */
const answers: Record<RoleChange, { toast: Toast; status?: number }> = {
  granted: { toast: { title: "Admin privileges granted" } },
  removed: { toast: { title: "Admin privileges removed" } },
  "already-admin": { toast: { title: "User is already an admin" }, status: 200 },
  "no-such-user": { toast: { title: "Error updating user role" }, status: 404 },
  "not-admin": { toast: { title: "Error removing admin role" }, status: 404 },
  "last-admin": {
    toast: { title: "Error removing admin role", description: "At least one admin must remain: make another user an admin first." },
    status: 409,
  },
};

export const loader = adminLoader(AdminSearchSchema, async ({ q, page }, admin) => ({
  q,
  page,
  ...(await adminUsersPage(q, page, admin.id)),
}));

export const action = adminFormAction(async (form) => {
  const parsed = RoleChangeSchema.safeParse(form);
  if (!parsed.success) return formFailure(400, { toast: { title: "Error updating user role" } });
  const { toast, status } = answers[await changeAdminRole(parsed.data.intent, parsed.data.userId)];
  return status ? formFailure(status, { toast }) : formSuccess(toast);
});

const dateFormat = new Intl.DateTimeFormat("en-AE", { dateStyle: "medium", timeZone: "Asia/Dubai" });

export default function AdminUsers({ loaderData: { users, q, page, pages } }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Users"
      subtitle="Grant or remove admin access"
      searchLabel="Search by email"
      q={q}
      rows={users}
      columns={[
        { header: "Email", cell: (user) => user.label },
        { header: "Role", cell: (user) => <Badge variant={user.isAdmin ? "default" : "secondary"}>{user.isAdmin ? "Admin" : "User"}</Badge> },
        { header: "Created At", cell: (user) => dateFormat.format(new Date(user.createdAt)) },
      ]}
      actions={(user) => (
        <IntentButton intent={user.isAdmin ? "revoke" : "grant"} fields={{ userId: user.id }} size="sm" variant={user.isAdmin ? "outline" : "default"}>
          {user.isAdmin ? "Remove Admin" : "Make Admin"}
        </IntentButton>
      )}
      empty={q ? "No users match your search." : "No users yet."}
    >
      <Pagination page={page} pageCount={pages} hrefFor={(n) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`} />
    </AdminListPage>
  );
}
