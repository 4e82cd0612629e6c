import type { MetaDescriptor } from "react-router";
import { isTranslatedPath, LANGUAGES, localizePath } from "~/i18n/languages";
import type { SiteSeo } from "~/modules/seo/site-seo.server";

export const SOCIAL_IMAGE = { width: 1200, height: 630 };

type MatchLike = { id: string; loaderData?: unknown } | undefined;

export type PageMetaInput = {
  title: string;
  description?: string | null;
  image?: string | null;
  type?: "website" | "article" | "product";
  noindex?: boolean;
  /** Structured data for this page (schema.org objects). */
  jsonLd?: object[];
  /** Extra descriptors, e.g. prev/next links. */
  extra?: MetaDescriptor[];
};

/** The site-wide SEO data the root loader loaded (null when the root failed). */
export function siteSeoFromMatches(matches: ReadonlyArray<MatchLike>): SiteSeo | null {
  const root = matches.find((match) => match?.id === "root");
  return (root?.loaderData as { seo?: SiteSeo } | undefined)?.seo ?? null;
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string) {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/**
 * Title, description, canonical, Open Graph and Twitter tags of a page. The admin's page SEO
 * entry for this path (page_seo) wins over what the page proposes.
 */
export function pageMeta(matches: ReadonlyArray<MatchLike>, input: PageMetaInput): MetaDescriptor[] {
  const seo = siteSeoFromMatches(matches);
  const siteTitle = seo?.site.title ?? "LabTest Hub";
  const override = seo?.page;
  const baseTitle = override?.title || input.title;
  const title = baseTitle.includes(siteTitle) ? baseTitle : `${baseTitle} | ${siteTitle}`;
  const description = override?.description || input.description || seo?.site.description || "";
  const imagePath = override?.ogImage || input.image || seo?.site.defaultOgImage;
  const image = imagePath && seo ? absoluteUrl(seo.site.url, imagePath) : imagePath;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: input.type ?? "website" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (override?.keywords) tags.push({ name: "keywords", content: override.keywords });
  if (seo) {
    tags.push({ tagName: "link", rel: "canonical", href: seo.canonicalUrl });
    tags.push({ property: "og:url", content: seo.canonicalUrl });
    tags.push(...languageAlternates(seo.canonicalUrl));
  }
  if (image) {
    tags.push(
      { property: "og:image", content: image },
      { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
      { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
      { name: "twitter:image", content: image },
    );
  }
  if (input.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  for (const item of input.jsonLd ?? []) tags.push({ "script:ld+json": item });
  return [...tags, ...(input.extra ?? [])];
}

/** hreflang links to the page in each language, English as x-default (an admin page has none). */
export function languageAlternates(canonical: string): MetaDescriptor[] {
  const url = new URL(canonical);
  const path = `${url.pathname}${url.search}`;
  if (!isTranslatedPath(path)) return [];
  const href = (language: (typeof LANGUAGES)[number]) => `${url.origin}${localizePath(path, language)}`;
  return [
    ...LANGUAGES.map((language) => ({ tagName: "link", rel: "alternate", hrefLang: language, href: href(language) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: href("en") },
  ];
}
