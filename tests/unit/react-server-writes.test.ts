// patches/react-dom+19.3.1.patch changes how React's Node server build writes a page: text is
// gathered into one string and encoded in large pieces (decision 0084). The web-streams build of
// the same React, unpatched, writes the page the old way; both must give the same bytes. They run
// in a child process in production mode: the patched file is the production build.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const SCRIPT = `
import { createRequire } from "node:module";
import { Writable } from "node:stream";
import { createElement as h, Suspense, use } from "react";
const require = createRequire(process.cwd() + "/package.json");
const node = require("react-dom/server.node");
const web = require("react-dom/server.edge");

const later = new Promise((resolve) => setTimeout(() => resolve("ready: جاهز ✓"), 20));
function Late() { return h("p", { className: "late" }, use(later)); }
const long = "نتائج الفحص 🧪 ".repeat(400); // one text chunk of 6,000 characters, multi-byte throughout
const rows = Array.from({ length: 3000 }, (_, i) =>
  h("li", { key: i, className: "flex items-center gap-2 rounded-md border px-4 py-2 text-sm", "data-i": i },
    h("a", { href: "/product/test-" + i }, "Test " + i + (i % 7 ? "" : " فحص")), i % 500 ? null : long));
const page = h("html", { lang: "ar", dir: "rtl" },
  h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, "صفحة & <test>")),
  h("body", null, h("main", null, h("ul", null, rows), h(Suspense, { fallback: h("p", null, "…") }, h(Late)))));

const viaNode = await new Promise((resolve, reject) => {
  const chunks = [];
  const body = new Writable({
    write(chunk, _encoding, callback) { chunks.push(Buffer.from(chunk)); callback(); },
    final(callback) { resolve(Buffer.concat(chunks)); callback(); },
  });
  const { pipe } = node.renderToPipeableStream(page, { onAllReady: () => pipe(body), onShellError: reject });
});
const read = async (render) => {
  const stream = await render(page);
  await stream.allReady;
  return Buffer.from(await new Response(stream).arrayBuffer());
};
const viaWeb = await read(web.renderToReadableStream);
// The Node build's web stream (React Email renders with it) takes the chunks it is given as they are.
const viaNodeWeb = await read(node.renderToReadableStream);
// A byte stream takes its chunks' memory for itself: a chunk cut from Node's shared buffer pool
// would leave every later small Buffer.from failing.
const poolIntact = Buffer.from("still writable").toString() === "still writable";
console.log(JSON.stringify({ same: viaNode.equals(viaWeb) && viaNodeWeb.equals(viaWeb), bytes: viaNode.length, late: viaNode.includes("ready: جاهز ✓"), long: viaNode.includes(long), poolIntact }));
`;

describe("React's Node server build, writing text in large pieces", () => {
  it("writes a page byte for byte as React's web-streams build does, to a Node stream and to a web stream", () => {
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", SCRIPT], {
      env: { ...process.env, NODE_ENV: "production" },
      encoding: "utf8",
    });
    const result = JSON.parse(output.trim().split("\n").at(-1)!);
    expect(result).toEqual({ same: true, bytes: expect.any(Number), late: true, long: true, poolIntact: true });
    // Large enough to be written in several pieces, with multi-byte text across their edges.
    expect(result.bytes).toBeGreaterThan(300_000);
  });
});
