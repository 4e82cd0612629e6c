import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { fillSharedMarkup, MAX_KEPT_BYTES, SharedMarkup, SharedMarkupProvider, SharedMarkupSlots } from "~/utils/shared-markup";

let renders = 0;
function Card({ name }: { name: string }) {
  renders++;
  return (
    <div className="card">
      <div>
        <h3>{name}</h3> <span>&lt;div</span>
      </div>
      <div title="</div>">{"<div>"}</div>
    </div>
  );
}

/** A page as the server sends it: rendered, then filled. */
function page(content: ReactNode, slots = new SharedMarkupSlots()) {
  const html = renderToString(
    <SharedMarkupProvider value={slots}>
      <main>{content}</main>
      <footer>
        <div>after</div>
      </footer>
    </SharedMarkupProvider>,
  );
  return fillSharedMarkup(Buffer.from(html), slots).toString();
}

const list = (data: object, variant: string | null, names: string[], who = "anyone") => (
  <>
    <header>{who}</header>
    <SharedMarkup data={data} variant={variant} className="grid">
      {names.map((name) => (
        <Card key={name} name={name} />
      ))}
    </SharedMarkup>
  </>
);

test("shared markup is rendered once, and every page after it is byte for byte the page rendered in full", () => {
  const data = {};
  const names = ["Lipid Profile", "Vitamin D", "فحص السكر"];
  const inFull = renderToString(
    <>
      <main>{list({}, null, names)}</main>
      <footer>
        <div>after</div>
      </footer>
    </>,
  );
  renders = 0;
  const first = page(list(data, "en", names));
  expect(renders).toBe(3);
  expect(first).toBe(inFull);
  expect(first).not.toContain("data-shared-markup");
  const second = page(list(data, "en", names));
  expect(renders).toBe(3);
  expect(second).toBe(inFull);
  // What is around it is the visitor's own.
  expect(page(list(data, "en", names, "Mariam"))).toBe(inFull.replace("anyone", "Mariam"));
  expect(renders).toBe(3);
});

test("another variant or other data is rendered anew; a null variant is never kept", () => {
  const data = {};
  renders = 0;
  page(list(data, "en", ["A"]));
  page(list(data, "ar", ["A"]));
  page(list({}, "en", ["A"]));
  expect(renders).toBe(3);
  page(list(data, null, ["A"]));
  page(list(data, null, ["A"]));
  expect(renders).toBe(5);
  page(list(data, "ar", ["A"]));
  expect(renders).toBe(5);
});

test("a piece of data keeps a few variants at most", () => {
  const data = {};
  renders = 0;
  for (let round = 0; round < 2; round++) for (let variant = 0; variant < 10; variant++) page(list(data, `v${variant}`, ["A"]));
  expect(renders).toBe(8 + 2 * 2);
});

test("in the browser (no slots) the children are rendered as they are", () => {
  renders = 0;
  const html = renderToString(list({}, "en", ["A"]));
  expect(html).not.toContain("data-shared-markup");
  expect(html).toContain("<h3>A</h3>");
  expect(renders).toBe(1);
});

test("a page whose shared piece was not rendered (an error page took its place) is left as it is", () => {
  const slots = new SharedMarkupSlots();
  slots.add({ html: Buffer.from("<p>kept</p>") });
  const html = Buffer.from("<main><h1>Something went wrong</h1></main>");
  expect(fillSharedMarkup(html, slots).toString()).toBe("<main><h1>Something went wrong</h1></main>");
});

test("a shared footer is found to its end, around the elements it holds", () => {
  const data = {};
  const footer = (who: string) => (
    <>
      <main>{who}</main>
      <SharedMarkup as="footer" data={data} variant="en" id="site-footer">
        <div>
          <Card name="About" />
        </div>
        <footer>a footer within</footer>
      </SharedMarkup>
      <div>after</div>
    </>
  );
  renders = 0;
  const first = page(footer("anyone"));
  const second = page(footer("Mariam"));
  expect(renders).toBe(1);
  expect(second).toBe(first.replace("anyone", "Mariam"));
  expect(second).toContain('<footer id="site-footer"><div><div class="card">');
  expect(second).toContain("<footer>a footer within</footer></footer><div>after</div>");
});

test("past its budget everything kept is dropped, and kept anew from then on", () => {
  const big = "x".repeat(1_000_000);
  // As many pieces as fit (each is the text and a little markup), and one more.
  const pieces = Array.from({ length: Math.floor(MAX_KEPT_BYTES / (big.length + 100)) + 1 }, () => ({}));
  const show = (data: object) => page(list(data, "en", [big]));
  renders = 0;
  for (const data of pieces.slice(0, -1)) show(data);
  for (const data of pieces.slice(0, -1)) show(data);
  expect(renders).toBe(pieces.length - 1);
  show(pieces.at(-1)!);
  show(pieces.at(-1)!);
  expect(renders).toBe(pieces.length);
  show(pieces[0]);
  expect(renders).toBe(pieces.length + 1);
});
