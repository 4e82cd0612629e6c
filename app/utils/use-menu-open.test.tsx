// @vitest-environment happy-dom
// A phone's menu buttons (the site's header, the back office's navigation), tapped in the moment
// after React has put them on the page and before their effects have run: on a busy phone that
// moment can be long, and the tap must open the menu all the same. A new page closes it.
import { I18nProvider } from "@lingui/react";
import { startTransition, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { SiteHeader } from "~/components/site-header";
import { LayoutDashboard } from "~/components/ui/icons";
import { i18nFor } from "~/i18n/i18n.server";
import { AdminNav } from "~/modules/admin/components/admin-nav";

const MENUS: { name: string; menu: () => ReactNode; isOpen: (container: HTMLElement) => boolean }[] = [
  { name: "the site's header", menu: () => <SiteHeader user={null} cartUnits={0} />, isOpen: (container) => container.querySelector("#mobile-menu") !== null },
  {
    name: "the back office's navigation",
    menu: () => <AdminNav links={[{ to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard }]} email="admin@example.com" />,
    isOpen: (container) => !container.querySelector("nav ul")!.parentElement!.classList.contains("hidden"),
  },
];

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

test.each(MENUS)("$name: a tap on the menu button before the effects have run opens the menu; a new page closes it", async ({ menu, isOpen }) => {
  const container = document.createElement("div");
  document.body.append(container);
  const router = createMemoryRouter([{ path: "*", Component: menu }], { initialEntries: ["/about"] });

  // A mutation observer's callback runs right after the commit has changed the DOM, before the
  // scheduler's next task, where React runs the effects of a transition's commit.
  const tapped = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      const button = container.querySelector<HTMLButtonElement>("button[aria-expanded]");
      if (!button) return;
      observer.disconnect();
      button.click();
      resolve();
    });
    observer.observe(container, { childList: true, subtree: true });
  });
  startTransition(() => {
    createRoot(container).render(
      <I18nProvider i18n={i18nFor("en")}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
  });
  await tapped;
  await settle();
  expect(isOpen(container)).toBe(true);
  expect(container.querySelector("button[aria-expanded]")!.getAttribute("aria-expanded")).toBe("true");

  await router.navigate("/labs");
  await settle();
  expect(isOpen(container)).toBe(false);
  expect(container.querySelector("button[aria-expanded]")!.getAttribute("aria-expanded")).toBe("false");
});
