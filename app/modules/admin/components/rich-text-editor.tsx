// The admin's WYSIWYG editor for rich texts (issue 31): Tiptap, loaded on demand by RichTextField
// (app/modules/admin/components/rich-text-field.tsx) so that only an admin page that edits a rich
// text downloads it. It makes only what sanitizeRichText keeps (paragraphs, headings, lists,
// links, bold, italic, underline, line breaks); the server sanitises whatever arrives all the same.
import { useMemo, useRef, useState } from "react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { cn } from "~/utils/cn";

export type RichTextEditorProps = {
  html: string;
  onChange: (html: string) => void;
  label: string;
  describedBy?: string;
  invalid?: boolean;
  arabic?: boolean;
  rows?: number;
};

const extensions = [
  StarterKit.configure({
    blockquote: false,
    code: false,
    codeBlock: false,
    strike: false,
    horizontalRule: false,
    trailingNode: false,
    heading: { levels: [2, 3] },
    link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"], defaultProtocol: "https" },
  }),
];

/** What the editor holds as the form's value: "" for an empty document (so "is required" still applies). */
const valueOf = (editor: Editor) => (editor.isEmpty ? "" : editor.getHTML());

/**
 * The editor starts from `html`; RichTextField mounts it afresh after the raw HTML was edited.
 * Its options stay the same objects from one render to the next: useEditor calls `setOptions` on
 * the live editor whenever an option differs, which redraws the document from its state and can
 * drop keystrokes still in flight when the page re-renders on every change.
 */
export default function RichTextEditor({ html, onChange, label, describedBy, invalid, arabic, rows = 4 }: RichTextEditorProps) {
  const [content] = useState(html);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        ...(arabic ? { lang: "ar", dir: "rtl" } : {}),
        class: "rich-text max-w-none px-3 py-2 text-base focus-visible:outline-none sm:text-sm",
        style: `min-height: ${rows * 1.5 + 1}rem`,
      },
    }),
    [label, describedBy, invalid, arabic, rows],
  );
  const editor = useEditor({
    extensions,
    content,
    immediatelyRender: false,
    editorProps,
    onUpdate: ({ editor: changed }) => latestOnChange.current(valueOf(changed)),
  });

  return (
    <div
      className={cn(
        "rounded-md border border-input bg-background focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring",
        invalid && "border-destructive",
      )}
    >
      {editor ? <Toolbar editor={editor} label={label} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

type Mark = { name: string; label: string; text: string; active: (editor: Editor) => boolean; run: (editor: Editor) => void };

const MARKS: Mark[] = [
  { name: "bold", label: "Bold", text: "B", active: (e) => e.isActive("bold"), run: (e) => e.chain().focus().toggleBold().run() },
  { name: "italic", label: "Italic", text: "I", active: (e) => e.isActive("italic"), run: (e) => e.chain().focus().toggleItalic().run() },
  { name: "underline", label: "Underline", text: "U", active: (e) => e.isActive("underline"), run: (e) => e.chain().focus().toggleUnderline().run() },
  { name: "h2", label: "Heading", text: "H2", active: (e) => e.isActive("heading", { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { name: "h3", label: "Subheading", text: "H3", active: (e) => e.isActive("heading", { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { name: "bullets", label: "Bulleted list", text: "•", active: (e) => e.isActive("bulletList"), run: (e) => e.chain().focus().toggleBulletList().run() },
  { name: "numbers", label: "Numbered list", text: "1.", active: (e) => e.isActive("orderedList"), run: (e) => e.chain().focus().toggleOrderedList().run() },
];

/** Asks for a link's address; an empty answer removes the link. Only http(s) and mailto are kept. */
function editLink(editor: Editor) {
  const current = (editor.getAttributes("link").href as string | undefined) ?? "";
  const href = window.prompt("Link address (https://…)", current);
  if (href === null) return;
  const trimmed = href.trim();
  if (!trimmed) editor.chain().focus().extendMarkRange("link").unsetLink().run();
  else if (/^(https?:\/\/|mailto:)/i.test(trimmed)) editor.chain().focus().extendMarkRange("link").setLink({ href: trimmed }).run();
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      active: Object.fromEntries(MARKS.map((mark) => [mark.name, mark.active(current)])),
      link: current.isActive("link"),
    }),
  });
  const button = "min-w-9 rounded px-2 py-1 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring aria-pressed:bg-primary aria-pressed:text-primary-foreground";
  // A click keeps the focus (and the selection) in the text: what is typed next goes there at once,
  // not to the button until the editor takes the focus back a frame later. Keyboard users still tab to the buttons.
  const keepFocus = (event: React.MouseEvent) => event.preventDefault();
  return (
    <div role="toolbar" aria-label={`${label}: formatting`} className="flex flex-wrap gap-1 border-b border-input p-1">
      {MARKS.map((mark) => (
        <button key={mark.name} type="button" className={button} aria-label={mark.label} aria-pressed={state.active[mark.name]} onMouseDown={keepFocus} onClick={() => mark.run(editor)}>
          {mark.text}
        </button>
      ))}
      <button type="button" className={button} aria-label="Link" aria-pressed={state.link} onMouseDown={keepFocus} onClick={() => editLink(editor)}>
        🔗
      </button>
    </div>
  );
}
