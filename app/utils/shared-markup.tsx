import { createContext, useContext, type HTMLAttributes, type ReactNode } from "react";

/**
 * Markup that every visitor who sees the same shared data gets alike, rendered once (issue 30,
 * decision 0088): the content of a search or category page, the footer. On the
 * server the first page to show a piece of data renders it and keeps its HTML beside that data (a
 * WeakMap, so it lives exactly as long as the shared data does); the pages after it render an empty
 * element that app/entry.server.tsx fills with that HTML. The browser renders the children as
 * always and hydrates them against HTML that is byte for byte what the server would have rendered.
 */
type Slot = { html: Buffer } | { keep: (html: Buffer) => void };

/** The shared pieces of one page render; a piece's index is its marker's value. */
export class SharedMarkupSlots {
  readonly slots: Slot[] = [];
  add(slot: Slot) {
    return this.slots.push(slot) - 1;
  }
}

const SlotsContext = createContext<SharedMarkupSlots | null>(null);
export const SharedMarkupProvider = SlotsContext.Provider;

/** The attribute that marks a shared piece in the rendered page until it is filled. */
const MARKER = "data-shared-markup";
/** A piece of data whose visitors differ (a cart, a language) keeps a few versions at most. */
const MAX_VARIANTS = 8;
/**
 * All that is kept, in bytes, at most: past it everything is dropped and kept anew. Kept HTML dies
 * with its data unseen, so this counts what was kept since the last drop, not what is still alive.
 */
export const MAX_KEPT_BYTES = 24_000_000;
let kept = new WeakMap<object, Map<string, Buffer>>();
let keptBytes = 0;

function keep(data: object, variant: string, html: Buffer) {
  if (keptBytes + html.byteLength > MAX_KEPT_BYTES) {
    kept = new WeakMap();
    keptBytes = 0;
  }
  let variants = kept.get(data);
  if (!variants) kept.set(data, (variants = new Map()));
  if (variants.size >= MAX_VARIANTS) return;
  variants.set(variant, html);
  keptBytes += html.byteLength;
}

type SharedMarkupProps = HTMLAttributes<HTMLElement> & {
  /** The element that holds the shared children. */
  as?: "div" | "footer";
  /** The shared data the children show; their HTML is kept as long as it lives. */
  data: object;
  /** Whatever else the children's HTML depends on (language, visitor state); null renders them for this visitor alone. */
  variant: string | null;
  children: ReactNode;
};

/** An element whose children are rendered once per `data` and `variant` on the server. */
export function SharedMarkup({ as: Element = "div", data, variant, children, ...props }: SharedMarkupProps) {
  const slots = useContext(SlotsContext);
  if (!slots || variant === null) return <Element {...props}>{children}</Element>;
  const html = kept.get(data)?.get(variant);
  const index = slots.add(html === undefined ? { keep: (markup) => keep(data, variant, markup) } : { html });
  // The marker comes first, so that it is the open tag's first attribute.
  return (
    <Element data-shared-markup={index} {...props}>
      {html === undefined ? children : null}
    </Element>
  );
}

/** Where the `tag` element whose content starts at `from` ends (its closing tag's index). React escapes "<" in text and attributes. */
function closingTag(page: Buffer, from: number, tag: string) {
  const [opening, closing] = [`<${tag}`, `</${tag}>`];
  let depth = 1;
  let at = from;
  for (;;) {
    const close = page.indexOf(closing, at);
    if (close < 0) return -1;
    let open = page.indexOf(opening, at);
    // "<div" but not "<divider".
    while (open >= 0 && open < close && page[open + opening.length] !== 0x20 && page[open + opening.length] !== 0x3e) open = page.indexOf(opening, open + 1);
    if (open >= 0 && open < close) {
      depth++;
      at = open + opening.length;
    } else if (--depth === 0) return close;
    else at = close + closing.length;
  }
}

/**
 * The rendered page with its shared pieces filled in and their markers taken out; pieces rendered
 * for the first time are kept for the pages after it. A piece that is not in the page (an error
 * page took its place) is left alone.
 */
export function fillSharedMarkup(page: Buffer<ArrayBuffer>, { slots }: SharedMarkupSlots): Buffer<ArrayBuffer> {
  if (slots.length === 0) return page;
  const found = slots
    .map((slot, index) => {
      const marker = ` ${MARKER}="${index}"`;
      return { slot, marker, at: page.indexOf(marker) };
    })
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at);
  const parts: Buffer[] = [];
  let from = 0;
  for (const { slot, marker, at } of found) {
    const contentStart = page.indexOf(">", at) + 1;
    parts.push(page.subarray(from, at), page.subarray(at + marker.length, contentStart));
    if ("html" in slot) parts.push(slot.html);
    else {
      const tag = page.toString("latin1", page.lastIndexOf("<", at) + 1, at);
      const end = closingTag(page, contentStart, tag);
      // A copy: a view would hold on to the whole page.
      if (end >= 0) slot.keep(Buffer.from(page.subarray(contentStart, end)));
    }
    from = contentStart;
  }
  parts.push(page.subarray(from));
  return Buffer.concat(parts);
}
