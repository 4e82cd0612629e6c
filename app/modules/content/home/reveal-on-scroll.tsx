import { useEffect, useRef, useState, type ReactNode } from "react";
import { cn } from "~/utils/cn";

/** A section appears when its top comes within this distance of the viewport bottom. */
export const REVEAL_OFFSET_PX = 150;

/**
 * Fades a section in as it scrolls into view. The server renders it visible, so without
 * JavaScript (or with reduced motion) nothing is hidden; after hydration only sections still
 * below the fold are hidden, at once, until they come within REVEAL_OFFSET_PX of the viewport bottom.
 */
export function RevealOnScroll({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const revealLine = () => window.innerHeight - REVEAL_OFFSET_PX;
    if (element.getBoundingClientRect().top <= revealLine()) return;
    setHidden(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setHidden(false);
          observer.disconnect();
        }
      },
      { rootMargin: `0px 0px -${REVEAL_OFFSET_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={ref}
      data-revealed={!hidden}
      // Only the reveal is animated: hiding at once keeps a section from fading out mid-read (or
      // mid-check: a half-faded text has too little contrast).
      className={cn(hidden ? "translate-y-6 opacity-0" : "transition-[opacity,translate] duration-700 ease-out", className)}
    >
      {children}
    </div>
  );
}
