// The page's JavaScript is fetched once the browser has painted the server's HTML (issue 13: LCP).
// The HTML is complete without it, and on a slow phone 130 KB of scripts downloading beside the
// stylesheet delay the first paint, and hydrating before it holds the page off the screen.
// React Router's <Scripts /> has no option for it, so its output is rewritten here:
// - its module preloads (which React hoists into the head) are taken out and re-added by the loader;
// - its module script (the route modules' imports and the entry's) is made inert, and the loader
//   puts it back as a module script once the document is parsed and the browser reports its first
//   contentful paint (a frame later where paint timing is not supported; at once in a hidden tab,
//   which paints nothing; after FALLBACK_MS at the latest).
// The same script keeps taps on controls that work once hydrated (taps-before-hydration.ts).
// React 19's hydration skips the loader's script in the head and the preloads it adds. When the
// markup is not what is expected, the page is left as it is.

import { recordTapsBeforeHydration, TAP_ATTRIBUTE } from "~/utils/taps-before-hydration";

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const SCRIPT_START = '<script nonce="';
const MODULE_SCRIPT_END = '" type="module" async="">';
const NONCE = /^[A-Za-z0-9+/=]*$/;
const INERT_TYPE = "text/x-module-after-paint";
/** Loads the scripts anyway when no first contentful paint is reported by then. */
const FALLBACK_MS = 3000;

/** Runs in the browser as a classic inline script in the head (serialised: it must use nothing outside itself). */
function loadScriptsAfterFirstPaint(preloads: string[], inertType: string, fallbackMs: number) {
  let started = false;
  function load() {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
    const inert = document.querySelector<HTMLScriptElement>(`script[type="${inertType}"]`);
    if (!inert) return;
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = inert.nonce;
    script.textContent = inert.textContent;
    inert.replaceWith(script);
  }
  function afterFirstPaint() {
    if (document.visibilityState === "hidden") return load();
    if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      requestAnimationFrame(() => setTimeout(load, 0));
      return;
    }
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      setTimeout(load, 0);
    }).observe({ type: "paint", buffered: true });
    setTimeout(load, fallbackMs);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", afterFirstPaint);
  else afterFirstPaint();
}

const LOADER_SOURCE = loadScriptsAfterFirstPaint.toString();
const TAP_RECORDER = `(${recordTapsBeforeHydration.toString()})(${JSON.stringify(TAP_ATTRIBUTE)})`;

function loaderScript(nonce: string, preloads: string[]) {
  const args = [preloads, INERT_TYPE, FALLBACK_MS].map((value) => JSON.stringify(value).replaceAll("<", "\\u003c")).join(",");
  return `<script nonce="${nonce}">${TAP_RECORDER};(${LOADER_SOURCE})(${args})</script>`;
}

/** The rendered document with its scripts loaded after the first paint (see above). */
export function scriptsAfterFirstPaint(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = html.indexOf("</head>");
  const scriptEnd = html.indexOf(MODULE_SCRIPT_END, headEnd);
  const scriptStart = html.lastIndexOf(SCRIPT_START, scriptEnd);
  if (headEnd < 0 || scriptEnd < 0 || scriptStart < headEnd) return html;
  const nonce = html.toString("utf8", scriptStart + SCRIPT_START.length, scriptEnd);
  if (!NONCE.test(nonce)) return html;
  const preloads: string[] = [];
  const head = html.toString("utf8", 0, headEnd).replace(MODULE_PRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return "";
  });
  return Buffer.concat([
    Buffer.from(head + loaderScript(nonce, preloads)),
    html.subarray(headEnd, scriptStart),
    Buffer.from(`${SCRIPT_START}${nonce}" type="${INERT_TYPE}" async="">`),
    html.subarray(scriptEnd + MODULE_SCRIPT_END.length),
  ]);
}
