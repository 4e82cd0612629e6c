import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { cn } from "~/utils/cn";

// The list and its logic are loaded when a box is first focused: pages that are only read never
// download them (the public pages' 150 KB first-load JavaScript budget).
const SuggestionList = lazy(() => import("~/modules/catalog/suggestion-list"));

/** What the list tells the box, for the box's ARIA attributes. */
export type ComboboxState = { expanded: boolean; activeId: string | undefined };
export type ComboboxKeyHandler = (event: KeyboardEvent<HTMLInputElement>) => void;

type SearchBoxProps = Omit<ComponentProps<"input">, "value" | "defaultValue" | "onChange" | "role" | "ref"> & {
  id: string;
  /** Controlled text (with onValueChange); otherwise the box keeps its own, starting at defaultValue. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  wrapperClassName?: string;
  /** Drawn over the box (an icon, a clear button), after it in the tab order. */
  children?: ReactNode;
};

/**
 * A search box that suggests tests, categories and labs as you type (issue 30): an ARIA 1.2
 * combobox once the page's scripts run (a plain text box in its form before that, and without
 * JavaScript). The box's form still submits the text as typed.
 */
export function SearchBox({ id, value, defaultValue = "", onValueChange, inputRef, wrapperClassName, children, onFocus, ...inputProps }: SearchBoxProps) {
  const [ownValue, setOwnValue] = useState(defaultValue);
  const text = value ?? ownValue;
  const [enhanced, setEnhanced] = useState(false);
  const [armed, setArmed] = useState(false);
  const [combobox, setCombobox] = useState<ComboboxState>({ expanded: false, activeId: undefined });
  const keyHandler = useRef<ComboboxKeyHandler | null>(null);
  const ownRef = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? ownRef;
  const listId = `${id}-suggestions`;
  useEffect(() => setEnhanced(true), []);
  return (
    <div className={cn("relative", wrapperClassName)}>
      <input
        {...inputProps}
        ref={ref}
        id={id}
        value={text}
        autoComplete="off"
        onChange={(event) => {
          setOwnValue(event.target.value);
          onValueChange?.(event.target.value);
        }}
        onFocus={(event) => {
          setArmed(true);
          onFocus?.(event);
        }}
        onKeyDown={(event) => keyHandler.current?.(event)}
        role={enhanced ? "combobox" : undefined}
        aria-autocomplete={enhanced ? "list" : undefined}
        aria-expanded={enhanced ? combobox.expanded : undefined}
        aria-controls={combobox.expanded ? listId : undefined}
        aria-activedescendant={combobox.activeId}
      />
      {children}
      {armed ? (
        <Suspense fallback={null}>
          <SuggestionList listId={listId} query={text} inputRef={ref} keyHandler={keyHandler} onStateChange={setCombobox} />
        </Suspense>
      ) : null}
    </div>
  );
}
