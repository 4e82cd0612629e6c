import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import type { FieldErrors } from "~/utils/form-result";
import { controlAria } from "~/modules/admin/components/control-aria";

const RichTextEditor = lazy(() => import("~/modules/admin/components/rich-text-editor"));

/**
 * A rich text of an admin form (issue 31): a WYSIWYG editor once the page runs, with its raw HTML
 * behind an "Edit HTML" toggle. The server page and a page without JavaScript show the HTML text
 * area, so the form always submits `name`; what was typed before the editor loaded is kept.
 */
export function RichTextField({
  id,
  name,
  label,
  errors,
  defaultValue,
  hint,
  rows,
  className,
  arabic,
}: {
  id: string;
  name: string;
  label: string;
  errors: FieldErrors;
  defaultValue?: string | null;
  hint?: string;
  rows?: number;
  className?: string;
  arabic?: boolean;
}) {
  const [html, setHtml] = useState(defaultValue ?? "");
  const [mode, setMode] = useState<"server" | "editor" | "html">("server");
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (area.current) setHtml(area.current.value);
    setMode("editor");
  }, []);
  const error = errors[name];
  const aria = controlAria(id, error, Boolean(hint));
  const direction = arabic ? ({ lang: "ar", dir: "rtl" } as const) : {};
  const editing = mode === "editor";
  return (
    <Field id={id} label={arabic ? <span lang="ar">{label}</span> : label} error={error} hint={hint}>
      {editing ? (
        <>
          <input type="hidden" name={name} value={html} />
          {/* While the editor's chunk loads, the text area stays editable: nothing typed meanwhile is lost. */}
          <Suspense fallback={<Textarea id={id} rows={rows} className={className} value={html} onChange={(event) => setHtml(event.target.value)} {...direction} {...aria} />}>
            <RichTextEditor
              html={html}
              onChange={setHtml}
              label={label}
              describedBy={aria["aria-describedby"]}
              invalid={Boolean(error)}
              arabic={arabic}
              rows={rows}
            />
          </Suspense>
        </>
      ) : (
        <Textarea ref={area} id={id} name={name} rows={rows} className={className} value={html} onChange={(event) => setHtml(event.target.value)} {...direction} {...aria} />
      )}
      {mode !== "server" ? (
        <label className="flex w-fit items-center gap-2 text-xs text-muted-foreground">
          <input
            type="checkbox"
            aria-label={`Edit HTML: ${label}`}
            checked={mode === "html"}
            onChange={(event) => setMode(event.target.checked ? "html" : "editor")}
            className="size-4 accent-primary"
          />
          Edit HTML
        </label>
      ) : null}
    </Field>
  );
}
