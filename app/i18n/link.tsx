// React Router's Link, NavLink and Form, with site paths kept in the page's language: on an
// Arabic page <Link to="/search"> goes to /ar/search. Storefront code imports these instead.
import { forwardRef } from "react";
import {
  Form as RouterForm,
  Link as RouterLink,
  NavLink as RouterNavLink,
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

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  return <RouterLink ref={ref} to={useLocalizedTo(to)} {...props} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, ...props }, ref) {
  return <RouterNavLink ref={ref} to={useLocalizedTo(to)} {...props} />;
});

export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ action, ...props }, ref) {
  return <RouterForm ref={ref} action={useLocalizedTo(action)} {...props} />;
});
