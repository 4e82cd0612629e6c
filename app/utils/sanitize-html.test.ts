import { describe, expect, it } from "vitest";
import { htmlToPlainText, sanitizeRichText } from "~/utils/sanitize-html";

describe("rich-text allow-list", () => {
  it("removes scripts, event handlers and other tags", () => {
    expect(sanitizeRichText('<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror="alert(1)"><iframe src="https://x"></iframe></p>')).toBe(
      "<p>Hi</p>",
    );
  });
  it("keeps the allowed tags and attributes", () => {
    const html = '<h2 class="t">Title</h2><ul><li><strong>a</strong> <em>b</em> <u>c</u></li></ul><div><span class="x">d</span><br /></div>';
    expect(sanitizeRichText(html)).toBe('<h2 class="t">Title</h2><ul><li><strong>a</strong> <em>b</em> <u>c</u></li></ul><div><span class="x">d</span><br /></div>');
  });
  it("keeps only http, https, mailto and tel links", () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<a href="data:text/html,hi">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<a href="mailto:a@b.ae">m</a><a href="tel:+97125550100">t</a>')).toBe(
      '<a href="mailto:a@b.ae">m</a><a href="tel:+97125550100">t</a>',
    );
  });
  it("gives links that open a new tab rel noopener noreferrer nofollow", () => {
    expect(sanitizeRichText('<a href="https://seha.ae" target="_blank" rel="opener">SEHA</a>')).toBe(
      '<a href="https://seha.ae" target="_blank" rel="noopener noreferrer nofollow">SEHA</a>',
    );
  });
  it("turns HTML into plain text for cards", () => {
    expect(htmlToPlainText("<p>A &amp; B</p><ul><li>one</li><li>two</li></ul>")).toBe("A & B one two");
  });
});
