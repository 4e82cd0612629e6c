import { useState } from "react";
import { useLocation } from "react-router";

/**
 * Whether a menu is open, closed again on every new page. It is closed as the page changes, during
 * the render, not in an effect: an effect also runs once the menu has mounted, and would close a
 * menu tapped open in the moment before it ran (use-menu-open.test.tsx).
 */
export function useMenuOpen() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }
  return [open, setOpen] as const;
}
