import { Plus, Trash2 } from "~/components/ui/icons";
import { useFetcher } from "react-router";
import { CsrfField } from "~/components/csrf-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useFormResult, type FormResult } from "~/utils/form-result";

type Member = { id: string; email: string; name: string; role: "manager" | "staff" };

/** Adds a member by the e-mail address of their account (posted to `action`). */
export function AddMemberForm({ action, label, idPrefix }: { action?: string; label: string; idPrefix: string }) {
  const fetcher = useFetcher<FormResult>();
  const errors = useFormResult(fetcher.data);
  const id = `${idPrefix}-email`;
  return (
    <fetcher.Form method="post" action={action} className="grid gap-2" key={fetcher.data?.ok ? "added" : "form"}>
      <CsrfField />
      <input type="hidden" name="intent" value="add" />
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <Input id={id} name="email" type="email" required autoComplete="off" placeholder="name@example.com" className="min-w-0 flex-1" aria-invalid={errors.email ? true : undefined} aria-describedby={errors.email ? `${id}-error` : undefined} />
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          <Plus aria-hidden /> Add
        </Button>
      </div>
      {errors.email ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {errors.email[0]}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">The person needs an account on the site first; they sign in with it.</p>
    </fetcher.Form>
  );
}

/** Removes a member (posted to `action`). */
function RemoveMemberButton({ member, action }: { member: Member; action?: string }) {
  const fetcher = useFetcher<FormResult>();
  useFormResult(fetcher.data);
  return (
    <fetcher.Form method="post" action={action}>
      <CsrfField />
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="memberId" value={member.id} />
      <Button type="submit" variant="ghost" size="icon" aria-label={`Remove ${member.email}`} disabled={fetcher.state !== "idle"}>
        <Trash2 aria-hidden />
      </Button>
    </fetcher.Form>
  );
}

/** A list of members with a remove button where `removable` says so. */
export function MemberList({ members, action, removable, label }: { members: Member[]; action?: string; removable: (member: Member) => boolean; label: string }) {
  if (members.length === 0) return <p className="text-sm text-muted-foreground">No members yet.</p>;
  return (
    <ul className="divide-y rounded-md border" aria-label={label}>
      {members.map((member) => (
        <li key={member.id} className="flex items-center justify-between gap-2 p-3">
          <div className="min-w-0">
            <p className="font-medium break-all">{member.email}</p>
            {member.name && member.name !== member.email ? <p className="text-sm text-muted-foreground break-words">{member.name}</p> : null}
          </div>
          <div className="flex items-center gap-2">
            <Badge variant={member.role === "manager" ? "default" : "secondary"}>{member.role === "manager" ? "Manager" : "Staff"}</Badge>
            {removable(member) ? <RemoveMemberButton member={member} action={action} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The lab's managers in the admin's lab form: add by e-mail, remove (never the last one). */
export function LabManagersSection({ labId, managers }: { labId: string; managers: { id: string; email: string; name: string }[] }) {
  const action = `/admin/labs/${labId}/managers`;
  return (
    <section aria-labelledby={`lab-${labId}-managers`} className="grid gap-3 rounded-md border p-4">
      <h3 id={`lab-${labId}-managers`} className="text-sm font-semibold">
        Lab managers
      </h3>
      <p className="text-xs text-muted-foreground">Managers run the lab's partner portal: its offers, prices, hours, capacity and staff.</p>
      <MemberList members={managers.map((manager) => ({ ...manager, role: "manager" as const }))} action={action} removable={() => true} label="Managers" />
      <AddMemberForm action={action} label="Add a manager by e-mail" idPrefix={`lab-${labId}-manager`} />
    </section>
  );
}
