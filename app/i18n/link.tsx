// React Router's Link, NavLink and Form, with site paths kept in the page's language: on an
// Arabic page <Link to="/search"> goes to /ar/search. Storefront code imports these instead.
import { forwardRef } from "react";
import {
  createPath,
  Form as RouterForm,
  Link as RouterLink,
  NavLink as RouterNavLink,
  parsePath,
  resolvePath,
  type FormProps,
  type LinkProps,
  type NavLinkProps,
  type To,
} from "react-router";
import { localizePath } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";

function useLocalizedTo<T extends To | undefined>(to: T): T {
  const language = useLanguage();
  return (typeof to === "string" ? localizePath(to, language) : to) as T;
}

/** One of the site's own absolute paths ("/labs", "/search?q=x#top"), not "//host" or a URL. */
const SITE_PATH = /^\/(?!\/)/;

/**
 * The address React Router's Link gives a site path (this app has no basename), or null when the
 * link needs React Router's own rendering: a relative path, an object, or prefetching.
 */
export function serverLinkHref(to: To, { prefetch = "none", relative, discover = "render" }: Pick<LinkProps, "prefetch" | "relative" | "discover">) {
  if (typeof to !== "string" || !SITE_PATH.test(to) || prefetch !== "none" || relative || discover !== "render") return null;
  let href = resolvedHrefs.get(to);
  if (href === undefined) {
    // React Router's resolveTo for an absolute path: resolvePath, keeping a trailing slash asked for.
    const asked = parsePath(to).pathname ?? "";
    const path = resolvePath(to);
    if (asked !== "/" && asked.endsWith("/") && !path.pathname.endsWith("/")) path.pathname += "/";
    href = createPath(path);
    if (resolvedHrefs.size >= MAX_RESOLVED_HREFS) resolvedHrefs.clear();
    resolvedHrefs.set(to, href);
  }
  return href;
}
/** A page's links are mostly the same few hundred paths on every render: each is resolved once. */
const resolvedHrefs = new Map<string, string>();
const MAX_RESOLVED_HREFS = 5_000;

/** Link's props that are React Router's, not attributes of the <a> it renders. */
const ROUTER_ONLY_PROPS = new Set([
  "onClick",
  "discover",
  "prefetch",
  "relative",
  "reloadDocument",
  "replace",
  "mask",
  "state",
  "preventScrollReset",
  "viewTransition",
  "defaultShouldRevalidate",
]);

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  const localized = useLocalizedTo(to);
  if (import.meta.env.SSR) {
    // On the server, the <a> React Router's Link renders, without its hooks: each Link resolved its
    // path twice through JSON copies of the route matches, some 5 µs, and a product page has 50
    // links (issue 13). The browser hydrates React Router's Link over the same markup.
    const href = serverLinkHref(localized, props);
    if (href !== null) {
      // The attributes in React Router's order, set one by one: leaving this many keys out by rest
      // destructuring, then spreading the rest with more keys, took 2.4 µs a link against 0.09 µs
      // (V8), and a page has dozens of links.
      const anchor: Record<string, unknown> = {};
      for (const key in props) if (key !== "target" && !ROUTER_ONLY_PROPS.has(key)) anchor[key] = props[key as keyof typeof props];
      anchor.href = href;
      anchor.ref = ref;
      anchor.target = props.target;
      anchor["data-discover"] = "true";
      return <a {...anchor} />;
    }
  }
  return <RouterLink ref={ref} to={localized} {...props} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, ...props }, ref) {
  return <RouterNavLink ref={ref} to={useLocalizedTo(to)} {...props} />;
});

export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ action, ...props }, ref) {
  return <RouterForm ref={ref} action={useLocalizedTo(action)} {...props} />;
});
