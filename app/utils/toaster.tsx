import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentProps } from "react";
import type { Toaster as SonnerToaster } from "sonner";

// The toast library is loaded after the page, not with it: it is the largest piece of the
// JavaScript every page would otherwise load first. Toasts created before it is on screen are
// shown when it arrives (sonner hands a new Toaster the toasts already created).
const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();

/** Puts the toaster on screen now (a toast is about to be shown). */
export function wantToaster() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The site's toaster: rendered once a toast is shown, or when the browser is idle after loading. */
export function LazyToaster(props: ComponentProps<typeof SonnerToaster>) {
  const shown = useSyncExternalStore(subscribe, () => wanted, () => false);
  useEffect(() => {
    if (wanted) return;
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(wantToaster, { timeout: 3_000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(wantToaster, 1_000);
    return () => clearTimeout(id);
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
