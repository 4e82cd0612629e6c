import { useEffect, useLayoutEffect, useRef, type FormEvent } from "react";
import { useLocation, useSubmit } from "react-router";

/** Whether a control of the form holds another value than the one it was rendered with. */
function changedSinceRender(form: HTMLFormElement) {
  return Array.from(form.elements).some((element) => {
    if (element instanceof HTMLSelectElement) {
      // With no option marked selected, the browser shows the first one.
      const rendered = Math.max(0, Array.from(element.options).findIndex((option) => option.defaultSelected));
      return element.selectedIndex !== rendered;
    }
    if (element instanceof HTMLInputElement) {
      return element.type === "checkbox" || element.type === "radio" ? element.checked !== element.defaultChecked : element.value !== element.defaultValue;
    }
    return false;
  });
}

const addressOf = (location: { pathname: string; search: string }) => location.pathname + location.search;

const isShownControl = (element: Element): element is HTMLSelectElement | HTMLInputElement =>
  element instanceof HTMLSelectElement || (element instanceof HTMLInputElement && !["hidden", "submit", "button"].includes(element.type));

/**
 * The form's fields, where the fields it carries over from another form (hidden copies of that
 * form's controls, as rendered with the page) take the values now shown in that form: the visitor
 * may have changed one there before the page with it came in. Empty values are left out.
 */
function fieldsWithLiveControlsOf(form: HTMLFormElement, otherFormId: string) {
  const own = new FormData(form);
  const other = document.getElementById(otherFormId);
  if (!(other instanceof HTMLFormElement)) return own;
  const live = new FormData(other);
  const names = new Set(Array.from(other.elements).filter(isShownControl).map((control) => control.name).filter(Boolean));
  const fields = new FormData();
  const placed = new Set<string>();
  const placeLive = (name: string) => {
    placed.add(name);
    for (const value of live.getAll(name)) if (value !== "") fields.append(name, value);
  };
  for (const [name, value] of own) {
    if (!names.has(name)) fields.append(name, value);
    else if (!placed.has(name)) placeLive(name);
  }
  for (const name of names) if (!placed.has(name)) placeLive(name);
  return fields;
}

/**
 * A form that submits itself when one of its controls changes (the search's sort and filters;
 * their Apply buttons are only shown to browsers without JavaScript). Spread the result on the form.
 * - A change made before the page hydrated reached no handler: it is submitted once it has.
 * - The control that changed has the focus again when the new page is in, so a keyboard user can
 *   step on through a select's options (the controls are remade with the page's new state).
 * - `liveControlsOf`: the id of another such form whose controls this one carries over as hidden
 *   fields; their values are taken from that form as it is now, not as the page was rendered.
 */
export function useAutoSubmit({ liveControlsOf }: { liveControlsOf?: string } = {}) {
  const submit = useSubmit();
  const location = useLocation();
  const ref = useRef<HTMLFormElement>(null);
  /** The control to give the focus back to, and (once known) the address its change led to. */
  const refocus = useRef<{ id: string; fromLocation: string; to: string | null } | null>(null);
  const shown = useRef(addressOf(location));

  /** Submits the form, noting which of its controls has the focus to give it back on the new pages. */
  const submitKeepingFocus = (form: HTMLFormElement) => {
    const active = document.activeElement;
    const id = active instanceof HTMLElement && form.contains(active) ? active.id : "";
    const pending = id ? { id, fromLocation: location.key, to: null as string | null } : null;
    refocus.current = pending;
    const fields = liveControlsOf ? fieldsWithLiveControlsOf(form, liveControlsOf) : form;
    void submit(fields, { method: "get", action: form.getAttribute("action") ?? undefined }).then(() => {
      if (!pending || refocus.current !== pending) return;
      // The navigation is over: the address bar has its address, perhaps before the page is shown.
      pending.to = addressOf(window.location);
      if (shown.current === pending.to) refocus.current = null;
    });
  };

  useEffect(() => {
    if (ref.current && changedSinceRender(ref.current)) submitKeepingFocus(ref.current);
    // Once, at hydration: later changes submit through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Each page shown remakes the controls, so the focus is given back on each one until the page the
  // change led to is shown. A busy browser shows pages behind the router: a key pressed on the old
  // select while a page was on its way starts another navigation, and the page of the first one
  // can still be shown after both are over. A layout effect: no key lands between the page and the focus.
  useLayoutEffect(() => {
    shown.current = addressOf(location);
    const pending = refocus.current;
    if (!pending || pending.fromLocation === location.key) return;
    document.getElementById(pending.id)?.focus();
    if (pending.to === shown.current) refocus.current = null;
  }, [location]);

  const onChange = (event: FormEvent<HTMLFormElement>) => submitKeepingFocus(event.currentTarget);
  return { ref, onChange };
}
