import { FlaskConical, Hospital, LayoutDashboard, LogIn, Menu, ShieldCheck, ShoppingCart, X } from "~/components/ui/icons";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { LanguageSwitcher } from "~/i18n/language-switcher";
import { Link, NavLink } from "~/i18n/link";
import { cn } from "~/utils/cn";
import { keepTapsBeforeHydration, takeTapsBeforeHydration } from "~/utils/taps-before-hydration";
import { useMenuOpen } from "~/utils/use-menu-open";

export const CONTACT_CHAT_URL = "https://wa.me/97125550100";
const SCROLL_THRESHOLD_PX = 10;

type HeaderUser = { email: string; isAdmin: boolean; isLabMember?: boolean } | null;

export function cartBadgeText(units: number) {
  return units > 9 ? "9+" : String(units);
}

function CartLink({ units }: { units: number }) {
  const { t } = useTranslation();
  const label = t("Cart, {{count}} items", { count: units });
  return (
    <Link
      to="/cart"
      className="relative inline-flex size-10 items-center justify-center rounded-md hover:bg-accent"
      aria-label={label}
    >
      <ShoppingCart className="size-5" aria-hidden />
      {units > 0 ? (
        <span
          data-testid="cart-badge"
          aria-hidden
          className="absolute -end-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] font-semibold text-primary-foreground"
        >
          {cartBadgeText(units)}
        </span>
      ) : null}
    </Link>
  );
}

function NavEntries({ user, onNavigate }: { user: HeaderUser; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn("rounded-md px-3 py-2 text-sm font-medium hover:bg-accent", isActive && "text-primary");
  return (
    <>
      <NavLink to="/search" className={linkClass} onClick={onNavigate}>
        {t("Tests")}
      </NavLink>
      <NavLink to="/labs" className={linkClass} onClick={onNavigate}>
        {t("Labs")}
      </NavLink>
      <Link to="/#how-it-works" className="rounded-md px-3 py-2 text-sm font-medium hover:bg-accent" onClick={onNavigate}>
        {t("How It Works")}
      </Link>
      <a
        href={CONTACT_CHAT_URL}
        target="_blank"
        rel="noopener noreferrer"
        className="rounded-md px-3 py-2 text-sm font-medium hover:bg-accent"
      >
        {t("Contact")}
      </a>
      {user?.isAdmin ? (
        <NavLink to="/admin/dashboard" className={linkClass} onClick={onNavigate}>
          <span className="inline-flex items-center gap-1">
            <ShieldCheck className="size-4" aria-hidden /> {t("Admin")}
          </span>
        </NavLink>
      ) : null}
      {user?.isLabMember ? (
        <NavLink to="/partner" className={linkClass} onClick={onNavigate}>
          <span className="inline-flex items-center gap-1">
            <Hospital className="size-4" aria-hidden /> {t("Portal")}
          </span>
        </NavLink>
      ) : null}
    </>
  );
}

function AccountLink({ user, onNavigate }: { user: HeaderUser; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const Icon = user ? LayoutDashboard : LogIn;
  return (
    <Link
      to={user ? "/dashboard" : "/auth"}
      onClick={onNavigate}
      className="inline-flex h-10 items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90"
    >
      <Icon className="size-4" aria-hidden /> {user ? t("Dashboard") : t("Log In")}
    </Link>
  );
}

/**
 * The site's top bar; `cartUnits` is the number of tests in the visitor's cart (its badge);
 * `search(id)` draws a search box (on wide screens and in the mobile menu).
 */
export function SiteHeader({ user, cartUnits, search }: { user: HeaderUser; cartUnits: number; search?: (id: string) => ReactNode }) {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useMenuOpen();
  const { t } = useTranslation();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // Tapped before the page hydrated (an odd number of times): open now.
  useEffect(() => {
    if (takeTapsBeforeHydration("mobile-menu") % 2 === 1) setMenuOpen(true);
  }, [setMenuOpen]);

  const solid = scrolled || menuOpen;
  return (
    <header
      data-solid={solid}
      className={cn(
        "sticky top-0 z-40 w-full transition-colors",
        solid ? "border-b bg-background/95 shadow-sm backdrop-blur" : "bg-transparent",
      )}
    >
      <nav aria-label={t("Main")} className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-primary">
          <FlaskConical className="size-6" aria-hidden />
          {t("LabTest Hub")}
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          <NavEntries user={user} />
        </div>
        {search ? <div className="hidden w-56 xl:block">{search("site-search")}</div> : null}
        <div className="flex items-center gap-2">
          <LanguageSwitcher display="hidden md:inline-flex" />
          <CartLink units={cartUnits} />
          <div className="hidden md:block">
            <AccountLink user={user} />
          </div>
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md hover:bg-accent md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            {...keepTapsBeforeHydration("mobile-menu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
            <span className="sr-only">{menuOpen ? t("Close menu") : t("Open menu")}</span>
          </button>
        </div>
      </nav>
      {menuOpen ? (
        <div id="mobile-menu" className="border-t bg-background px-4 pb-4 md:hidden">
          <div className="flex flex-col gap-1 pt-2">
            {search ? <div className="pb-2">{search("menu-search")}</div> : null}
            <NavEntries user={user} onNavigate={() => setMenuOpen(false)} />
            <LanguageSwitcher onNavigate={() => setMenuOpen(false)} />
            <div className="pt-2">
              <AccountLink user={user} onNavigate={() => setMenuOpen(false)} />
            </div>
          </div>
        </div>
      ) : null}
    </header>
  );
}
