// React's side of app/i18n/i18n.ts: the instance for the tree, t for a namespace, and <Trans> for
// a text with markup in it.
import { cloneElement, createContext, Fragment, useContext, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from "react";
import { DEFAULT_NAMESPACE, interpolate, type I18n, type Namespace, type TFunction, type TKey, type TOptions } from "~/i18n/i18n";

const I18nContext = createContext<{ i18n: I18n; language: I18n["language"] } | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const language = useSyncExternalStore(
    (listener) => i18n.subscribe(listener),
    () => i18n.language,
    () => i18n.language,
  );
  const value = useMemo(() => ({ i18n, language }), [i18n, language]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useTranslation<N extends Namespace = typeof DEFAULT_NAMESPACE>(namespace?: N): { t: TFunction<N>; i18n: I18n } {
  const context = useContext(I18nContext);
  if (!context) throw new Error("useTranslation needs an I18nProvider");
  const { i18n, language } = context;
  const t = useMemo(() => i18n.getFixedT(language, (namespace ?? DEFAULT_NAMESPACE) as N), [i18n, language, namespace]);
  return { t, i18n };
}

type Node = string | { tag: string; children: Node[] };

/** "a <strong>b</strong> c" as text and elements; a tag without its closing tag stays text. */
function parseMarkup(text: string): Node[] {
  const root: Node[] = [];
  const open: { tag: string; children: Node[] }[] = [];
  const current = () => open.at(-1)?.children ?? root;
  let last = 0;
  for (const match of text.matchAll(/<(\/?)([a-z][a-z0-9]*)\s*>/g)) {
    if (match.index > last) current().push(text.slice(last, match.index));
    last = match.index + match[0].length;
    const [, closing, tag] = match;
    if (!closing) open.push({ tag, children: [] });
    else if (open.at(-1)?.tag === tag) {
      const element = open.pop()!;
      current().push(element);
    } else current().push(match[0]);
  }
  if (last < text.length) current().push(text.slice(last));
  // Unclosed tags: their text is kept as it was written.
  while (open.length) {
    const element = open.pop()!;
    current().push(`<${element.tag}>`, ...element.children);
  }
  return root;
}

function render(nodes: Node[], components: Record<string, ReactElement>, values: TOptions): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === "string") return interpolate(node, values);
    const children = render(node.children, components, values);
    const component = components[node.tag];
    return component ? cloneElement(component, { key: index }, ...children) : <Fragment key={index}>{children}</Fragment>;
  });
}

/**
 * A translated text whose markup (`<strong>{{amount}}</strong>`) becomes the given elements; the
 * values are filled in after, into the text, so they never become markup.
 */
export function Trans<N extends Namespace>({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction<N>;
  i18nKey: TKey<N>;
  values?: TOptions;
  components: Record<string, ReactElement>;
}) {
  const placeholders = Object.fromEntries(Object.keys(values ?? {}).map((name) => [name, `{{${name}}}`]));
  const template = t(i18nKey, { ...placeholders, count: values?.count });
  return <>{render(parseMarkup(template), components, values ?? {})}</>;
}
