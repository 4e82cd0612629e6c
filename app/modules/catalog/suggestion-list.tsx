// The suggestions under a search box (loaded when the box is first focused): an ARIA 1.2 listbox
// popup. Arrow keys move through the options (aria-activedescendant: the focus stays in the box),
// Enter opens the active one (or submits the search when none is active), Escape closes the list,
// and a polite live region says how many suggestions there are.
import { useEffect, useState, type MutableRefObject, type RefObject } from "react";
import { useNavigate } from "react-router";
import { localizePath } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";
import { useTranslation } from "~/i18n/use-translation";
import type { ComboboxKeyHandler, ComboboxState } from "~/modules/catalog/search-box";
import { splitAtHighlight, type Highlight, type Suggestion } from "~/modules/catalog/suggestions";
import { useSuggestions } from "~/modules/catalog/use-suggestions";
import { cn } from "~/utils/cn";

type SuggestionListProps = {
  listId: string;
  query: string;
  inputRef: RefObject<HTMLInputElement | null>;
  keyHandler: MutableRefObject<ComboboxKeyHandler | null>;
  onStateChange: (state: ComboboxState) => void;
};

function Marked({ text, highlight }: { text: string; highlight: Highlight | null }) {
  const [before, match, after] = splitAtHighlight(text, highlight);
  return (
    <>
      {before}
      {match ? <mark className="bg-transparent font-semibold text-primary">{match}</mark> : null}
      {after}
    </>
  );
}

export default function SuggestionList({ listId, query, inputRef, keyHandler, onStateChange }: SuggestionListProps) {
  const language = useLanguage();
  const { t } = useTranslation("catalog");
  const navigate = useNavigate();
  const { suggestions, answeredQuery } = useSuggestions(query, language);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(true);
  const [shownFor, setShownFor] = useState(suggestions);
  if (shownFor !== suggestions) {
    // New suggestions: none is active, and the list opens again.
    setShownFor(suggestions);
    setActive(-1);
    setOpen(true);
  }
  const expanded = open && answeredQuery !== null && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;
  const activeId = expanded && active >= 0 ? optionId(active) : undefined;

  useEffect(() => onStateChange({ expanded, activeId }), [onStateChange, expanded, activeId]);
  useEffect(() => () => onStateChange({ expanded: false, activeId: undefined }), [onStateChange]);

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const close = () => setOpen(false);
    const reopen = () => setOpen(true);
    input.addEventListener("blur", close);
    input.addEventListener("focus", reopen);
    input.addEventListener("input", reopen);
    return () => {
      input.removeEventListener("blur", close);
      input.removeEventListener("focus", reopen);
      input.removeEventListener("input", reopen);
    };
  }, [inputRef]);

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    navigate(localizePath(suggestion.path, language));
  };

  useEffect(() => {
    keyHandler.current = (event) => {
      const count = suggestions.length;
      switch (event.key) {
        case "ArrowDown":
        case "ArrowUp": {
          if (count === 0 || answeredQuery === null) return;
          event.preventDefault();
          const down = event.key === "ArrowDown";
          if (!open) {
            setOpen(true);
            setActive(down ? 0 : count - 1);
          } else setActive((current) => (down ? (current + 1) % count : current <= 0 ? count - 1 : current - 1));
          return;
        }
        case "Enter":
          if (expanded && active >= 0) {
            event.preventDefault();
            choose(suggestions[active]);
          } else setOpen(false);
          return;
        case "Escape":
          if (expanded) {
            event.preventDefault();
            setOpen(false);
            setActive(-1);
          }
          return;
        case "Tab":
          setOpen(false);
          return;
      }
    };
    return () => {
      keyHandler.current = null;
    };
  });

  const kindLabel = { test: t("Test"), category: t("Category"), lab: t("Lab") };
  const announcement =
    answeredQuery === null || !open ? "" : suggestions.length === 0 ? t("No suggestions") : t("{{count}} suggestions", { count: suggestions.length });

  return (
    <>
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {expanded ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={t("Suggestions")}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-96 overflow-y-auto rounded-md border bg-background py-1 text-start text-foreground shadow-lg"
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={`${suggestion.kind}:${suggestion.path}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={cn("flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm", index === active && "bg-accent")}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(suggestion)}
            >
              <span className="min-w-0">
                <span className="block truncate" lang={suggestion.labelLanguage === language ? undefined : suggestion.labelLanguage}>
                  <Marked text={suggestion.label} highlight={suggestion.highlight} />
                </span>
                {suggestion.matched ? (
                  <span className="block truncate text-xs text-muted-foreground" lang={suggestion.matched.language} dir="auto">
                    <Marked text={suggestion.matched.text} highlight={suggestion.matched.highlight} />
                  </span>
                ) : null}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">{kindLabel[suggestion.kind]}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
