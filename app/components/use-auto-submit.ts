import { useEffect, useLayoutEffect, useRef, type FormEvent } from "react";
import { useSubmit } from "react-router";

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

const normalised = (value: string) => value.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * Sets the form's selects and checkboxes to what the address says, as the server renders them for
 * it (names compared without case or extra spaces; an unknown value shows the first option).
 */
function showAddress(form: HTMLFormElement, params: URLSearchParams) {
  for (const control of Array.from(form.elements).filter(isShownControl)) {
    if (!control.name) continue;
    if (control instanceof HTMLSelectElement) {
      const wanted = normalised(params.get(control.name) ?? "");
      control.selectedIndex = Math.max(0, Array.from(control.options).findIndex((option) => normalised(option.value) === wanted));
    } else if (control.type === "checkbox" || control.type === "radio") {
      control.checked = params.getAll(control.name).includes(control.value);
    }
  }
}

/**
 * The latest submission of any auto-submitting form, while it is on its way: until it is over, the
 * controls of all of them hold the visitor's choices (each form submits the others' as they are shown).
 */
let submissionOnItsWay: Promise<void> | null = null;

/**
 * A form that submits itself when one of its controls changes (the search's sort and filters;
 * their Apply buttons are only shown to browsers without JavaScript). Spread the result on the form,
 * and render its controls uncontrolled and unkeyed, so that no page remakes them under the visitor.
 * - The controls show the visitor's latest choice while its search is on its way, and otherwise
 *   what the address says, read as each page is shown. Not the page's values: a busy browser may
 *   show an earlier search's page after the visitor has chosen again, and its values would set the
 *   choice back under their next key.
 * - A change made before the page hydrated reached no handler: it is submitted once it has.
 * - `liveControlsOf`: the id of another such form whose controls this one carries over as hidden
 *   fields; their values are taken from that form as it is now, not as the page was rendered.
 */
export function useAutoSubmit({ liveControlsOf }: { liveControlsOf?: string } = {}) {
  const submit = useSubmit();
  const ref = useRef<HTMLFormElement>(null);
  const mounted = useRef(false);

  const submitChange = (form: HTMLFormElement) => {
    const fields = liveControlsOf ? fieldsWithLiveControlsOf(form, liveControlsOf) : form;
    const submission = submit(fields, { method: "get", action: form.getAttribute("action") ?? undefined }).finally(() => {
      // Over, or cut short by another navigation, whose page will be shown (and read) in turn.
      if (submissionOnItsWay === submission) submissionOnItsWay = null;
    });
    submissionOnItsWay = submission;
  };

  useEffect(() => {
    if (ref.current && changedSinceRender(ref.current)) submitChange(ref.current);
    // Once, at hydration: later changes submit through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A layout effect, so that no key lands between a page and its controls. Not at hydration: the
  // server rendered the controls for this address, and a change made since is the visitor's.
  useLayoutEffect(() => {
    if (!mounted.current) mounted.current = true;
    else if (ref.current && !submissionOnItsWay) showAddress(ref.current, new URLSearchParams(window.location.search));
  });

  const onChange = (event: FormEvent<HTMLFormElement>) => submitChange(event.currentTarget);
  return { ref, onChange };
}
