import { CalendarDays, Clock, FileText, Hospital, ListChecks, LogOut, Users } from "~/components/ui/icons";
import { Form, Link, NavLink } from "react-router";
import { CsrfField } from "~/components/csrf-field";
import { cn } from "~/utils/cn";

type MemberLab = { labId: string; labName: string; role: "manager" | "staff" };

const ROLE_NAMES = { manager: "Manager", staff: "Staff" } as const;

/**
 * The partner portal's side menu (the admin area's look): the day's work for every member; offers,
 * price history, lab profile and members for a lab's managers; the other labs of the member.
 */
export function PartnerNav({ lab, email, labs }: { lab: MemberLab; email: string; labs: MemberLab[] }) {
  const base = `/partner/${lab.labId}`;
  const links = [
    { to: base, label: "Today", icon: CalendarDays, end: true },
    { to: `${base}/results`, label: "Results", icon: FileText, end: false },
    ...(lab.role === "manager"
      ? [
          { to: `${base}/offers`, label: "Offers", icon: ListChecks, end: false },
          { to: `${base}/price-history`, label: "Price history", icon: Clock, end: false },
          { to: `${base}/profile`, label: "Lab profile", icon: Hospital, end: false },
          { to: `${base}/members`, label: "Members", icon: Users, end: false },
        ]
      : []),
  ];
  const otherLabs = labs.filter((other) => other.labId !== lab.labId);
  return (
    <nav aria-label="Partner portal" className="rounded-lg border p-2">
      <p className="px-3 pt-2 text-sm font-semibold">{lab.labName}</p>
      <p className="px-3 pb-2 text-xs text-muted-foreground break-all">
        {ROLE_NAMES[lab.role]} · {email}
      </p>
      <ul className="grid grid-cols-2 gap-1 md:grid-cols-1">
        {links.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn("flex items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-accent", isActive && "bg-accent font-semibold text-accent-foreground")
              }
            >
              <Icon className="size-4" aria-hidden /> {label}
            </NavLink>
          </li>
        ))}
        <li>
          <Form method="post" action="/auth/sign-out?to=auth">
            <CsrfField />
            <button type="submit" className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-accent">
              <LogOut className="size-4" aria-hidden /> Sign out
            </button>
          </Form>
        </li>
      </ul>
      {otherLabs.length > 0 ? (
        <div className="mt-2 border-t px-3 pt-2">
          <p className="text-xs text-muted-foreground">Your other labs</p>
          <ul className="grid gap-1 py-1">
            {otherLabs.map((other) => (
              <li key={other.labId}>
                <Link to={`/partner/${other.labId}`} className="text-sm underline-offset-4 hover:underline">
                  {other.labName}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </nav>
  );
}
