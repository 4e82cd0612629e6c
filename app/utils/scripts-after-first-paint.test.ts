import { describe, expect, it } from "vitest";
import { scriptsAfterFirstPaint } from "~/utils/scripts-after-first-paint";

// What React Router's <Scripts /> renders, as React writes it (preloads hoisted into the head).
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="n0nce"/>',
  '<title>Lipid Profile</title></head><body><main>Lipid Profile</main>',
  '<script nonce="n0nce">window.__reactRouterContext = {};</script>',
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/root-B.js";import("/assets/entry.client-A.js");</script>',
  "</body></html>",
].join("");

describe("scriptsAfterFirstPaint", () => {
  const result = scriptsAfterFirstPaint(Buffer.from(page)).toString();
  const head = result.slice(0, result.indexOf("</head>"));

  it("takes the module preloads out of the head and gives them to the loader", () => {
    expect(result).not.toContain('rel="modulepreload"');
    expect(head).toContain('<script nonce="n0nce">(function recordTapsBeforeHydration(');
    expect(head).toContain(';(function loadScriptsAfterFirstPaint(');
    expect(head).toContain('["/assets/entry.client-A.js","/assets/root-B.js"]');
  });

  it("makes the module script inert, its imports kept for the loader", () => {
    expect(result).not.toContain('type="module"');
    expect(result).toContain(
      '<script nonce="n0nce" type="text/x-module-after-paint" async="">import * as route0 from "/assets/root-B.js";import("/assets/entry.client-A.js");</script>',
    );
  });

  it("leaves the rest of the page as it was", () => {
    expect(result).toContain('<meta charSet="utf-8"/><title>Lipid Profile</title><script nonce="n0nce">(function');
    expect(result).toContain("</script></head><body><main>Lipid Profile</main>");
    expect(result).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>');
  });

  it("leaves a page without React Router's scripts as it is", () => {
    const plain = "<html><head><title>x</title></head><body>x</body></html>";
    expect(scriptsAfterFirstPaint(Buffer.from(plain)).toString()).toBe(plain);
  });

  it("cannot be broken out of by a preload's address", () => {
    const hostile = page.replace("/assets/root-B.js\" nonce", '/assets/</script><script>alert(1)</script>" nonce');
    expect(scriptsAfterFirstPaint(Buffer.from(hostile)).toString()).not.toContain("<script>alert(1)");
  });
});
