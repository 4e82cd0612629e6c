import { useId, type ComponentType } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { CsrfField } from "~/components/csrf-field";
import { LogOut, Menu, X } from "~/components/ui/icons";
import { cn } from "~/utils/cn";
import { useMenuOpen } from "~/utils/use-menu-open";

export type AdminNavLink = { to: string; label: string; icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }> };

/**
 * The back office's navigation: a sidebar from 768 px up; below, a "Menu" button that discloses the
 * same list (aria-expanded / aria-controls), closed again after each navigation and with Escape,
 * so the page's own content is the first thing on a phone's screen.
 */
export function AdminNav({ links, email }: { links: AdminNavLink[]; email: string }) {
  const [open, setOpen] = useMenuOpen();
  const listId = useId();
  const { pathname } = useLocation();
  const current = links.find((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));
  return (
    <nav
      aria-label="Admin"
      className="rounded-lg border p-2"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) setOpen(false);
      }}
    >
      <button
        type="button"
        className="flex min-h-11 w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-accent md:hidden"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="flex items-center gap-2">
          {open ? <X className="size-4" aria-hidden /> : <Menu className="size-4" aria-hidden />}
          Menu
        </span>
        {current ? <span className="truncate text-muted-foreground">{current.label}</span> : null}
      </button>
      <div id={listId} className={cn(open ? "block" : "hidden", "md:block")}>
        <p className="truncate px-3 py-2 text-xs text-muted-foreground" title={email}>
          Signed in as {email}
        </p>
        <ul className="grid gap-1">
          {links.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn("flex min-h-11 items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-accent md:min-h-0", isActive && "bg-accent font-semibold text-accent-foreground")
                }
              >
                <Icon className="size-4" aria-hidden /> {label}
              </NavLink>
            </li>
          ))}
          <li>
            <Form method="post" action="/auth/sign-out?to=auth">
              <CsrfField />
              <button type="submit" className="flex min-h-11 w-full items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-accent md:min-h-0">
                <LogOut className="size-4" aria-hidden /> Sign out
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </nav>
  );
}
