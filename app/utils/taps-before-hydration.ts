// A page's HTML is on the screen before its scripts run (scripts-after-first-paint.ts), and on a
// slow phone that can be seconds. Links and forms work meanwhile; a control that only React can
// work (the mobile menu's button) did nothing when tapped then. The page's head records taps on
// controls marked with TAP_ATTRIBUTE until hydration starts, and the control takes them once its
// component has hydrated. Taps after hydration has started are React's: it replays them.

/** The attribute naming a control whose early taps are kept: `data-tap-before-hydration="mobile-menu"`. */
export const TAP_ATTRIBUTE = "data-tap-before-hydration";

/** The attribute that marks a control as `name` for the recorder: spread it on the control. */
export const keepTapsBeforeHydration = (name: string) => ({ [TAP_ATTRIBUTE]: name });

type TapRecord = { recording: boolean; taps: string[] };
declare global {
  interface Window {
    __tapsBeforeHydration?: TapRecord;
  }
}

/** Runs in the browser as part of the head's inline script (serialised: it must use nothing outside itself). */
export function recordTapsBeforeHydration(attribute: string) {
  const record: TapRecord = { recording: true, taps: [] };
  window.__tapsBeforeHydration = record;
  document.addEventListener(
    "click",
    function onTap(event) {
      if (!record.recording) return document.removeEventListener("click", onTap, true);
      const control = event.target instanceof Element ? event.target.closest(`[${attribute}]`) : null;
      if (control) record.taps.push(control.getAttribute(attribute) ?? "");
    },
    true,
  );
}

/** Called just before hydration: from now on React sees the taps. */
export function stopRecordingTaps() {
  if (window.__tapsBeforeHydration) window.__tapsBeforeHydration.recording = false;
}

/** How many times the control named `name` was tapped before hydration (each counted once). */
export function takeTapsBeforeHydration(name: string): number {
  const record = window.__tapsBeforeHydration;
  if (!record) return 0;
  const taken = record.taps.filter((tapped) => tapped === name).length;
  record.taps = record.taps.filter((tapped) => tapped !== name);
  return taken;
}
