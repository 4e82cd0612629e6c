import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18n, translateMessage, type Resources } from "~/i18n/i18n";
import { I18nProvider, Trans, useTranslation } from "~/i18n/react";

// A browser-like catalogue: English keeps only the entries that differ from their key.
const resources: Resources = {
  en: {
    catalog: { "at {{count}} labs_one": "at 1 lab", "at {{count}} labs_other": "at {{count}} labs" },
    common: {},
  },
  ar: {
    catalog: {
      "at {{count}} labs_zero": "في 0 مختبر",
      "at {{count}} labs_one": "في مختبر واحد",
      "at {{count}} labs_two": "في مختبرين",
      "at {{count}} labs_few": "في {{count}} مختبرات",
      "at {{count}} labs_many": "في {{count}} مختبرًا",
      "at {{count}} labs_other": "في {{count}} مختبر",
      "{{test}} Tests": "فحوصات {{test}}",
    },
    common: { Cart: "السلة", "Empty text": "" },
  },
};

describe("translations", () => {
  const i18n = new I18n("ar", resources);

  it("shows a key without an entry as its own English text, with its values filled in", () => {
    const t = i18n.getFixedT("en", "catalog");
    expect(t("{{test}} Tests" as never, { test: "Vitamin" })).toBe("Vitamin Tests");
    expect(t("{{test}} Tests" as never)).toBe(" Tests");
  });

  it("picks the plural form of the language", () => {
    const en = i18n.getFixedT("en", "catalog");
    expect(en("at {{count}} labs", { count: 1 })).toBe("at 1 lab");
    expect(en("at {{count}} labs", { count: 3 })).toBe("at 3 labs");
    const ar = i18n.getFixedT("ar", "catalog");
    expect([0, 1, 2, 3, 11, 100].map((count) => ar("at {{count}} labs", { count }))).toEqual([
      "في 0 مختبر",
      "في مختبر واحد",
      "في مختبرين",
      "في 3 مختبرات",
      "في 11 مختبرًا",
      "في 100 مختبر",
    ]);
  });

  it("falls back to English for a text the Arabic catalogue lacks or leaves empty", () => {
    const t = i18n.getFixedT("ar", "common");
    expect(t("Cart" as never)).toBe("السلة");
    expect(t("Empty text" as never)).toBe("Empty text");
    expect(t("Checkout" as never)).toBe("Checkout");
  });

  it("translates a message that arrives as data in any namespace, and keeps one it does not know", () => {
    expect(translateMessage(i18n, "Cart")).toBe("السلة");
    expect(translateMessage(i18n, "Cart", "en")).toBe("Cart");
    expect(translateMessage(i18n, "Please enter a valid email address")).toBe("Please enter a valid email address");
  });

  it("re-renders its readers in a new language", () => {
    const english = new I18n("en", { en: {}, ar: resources.ar });
    function Label() {
      const { t } = useTranslation();
      return <>{t("Cart" as never)}</>;
    }
    expect(renderToStaticMarkup(<I18nProvider i18n={english}><Label /></I18nProvider>)).toBe("Cart");
    english.changeLanguage("ar");
    expect(renderToStaticMarkup(<I18nProvider i18n={english}><Label /></I18nProvider>)).toBe("السلة");
  });
});

describe("Trans", () => {
  const i18n = new I18n("en", { en: { checkout: {} } });
  const t = i18n.getFixedT("en", "checkout");
  const emphasis = { strong: <strong />, bdi: <bdi /> };

  it("turns the text's markup into the given elements", () => {
    const html = renderToStaticMarkup(
      <Trans t={t} i18nKey={"You get <strong><bdi>{{refund}}</bdi></strong> back." as never} values={{ refund: "AED 10.00" }} components={emphasis} />,
    );
    expect(html).toBe("You get <strong><bdi>AED 10.00</bdi></strong> back.");
  });

  it("never makes markup of a value", () => {
    const html = renderToStaticMarkup(
      <Trans t={t} i18nKey={"Hello <strong>{{name}}</strong>" as never} values={{ name: "<bdi>x</bdi>" }} components={emphasis} />,
    );
    expect(html).toBe("Hello <strong>&lt;bdi&gt;x&lt;/bdi&gt;</strong>");
  });

  it("shows a tag that is never closed as the text it is", () => {
    const html = renderToStaticMarkup(<Trans t={t} i18nKey={"a <strong>b <bdi>c</strong>" as never} components={emphasis} />);
    expect(html).toBe("a &lt;strong&gt;b &lt;bdi&gt;c&lt;/strong&gt;");
  });
});
