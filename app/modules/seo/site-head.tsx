import { useRouteLoaderData } from "react-router";
import { localizePath } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";
import { useTranslation } from "~/i18n/use-translation";
import { useNonce } from "~/utils/nonce";
import type { SiteSeo } from "~/modules/seo/site-seo.server";

/** JSON for an inline script: "<" escaped so content can never close the script element. */
export function jsonForScript(value: unknown) {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

const ANALYTICS_ID = /^(G|UA|AW|GT)-[A-Z0-9-]+$/i;

/** The configured analytics ID when it is well-formed, else null: only then is the script loaded. */
export function analyticsId(site: Pick<SiteSeo["site"], "googleAnalyticsId">) {
  return site.googleAnalyticsId && ANALYTICS_ID.test(site.googleAnalyticsId) ? site.googleAnalyticsId : null;
}

/**
 * Site-wide head tags (spec: site-wide SEO head): verification meta, RSS link, Organization and
 * WebSite structured data, social defaults, noindex for private paths, and the analytics script
 * when an id is configured. Per-page tags come from each route's meta (see page-meta.ts).
 */
export function SiteHead() {
  const seo = useRouteLoaderData<{ seo?: SiteSeo }>("root")?.seo;
  const nonce = useNonce();
  const language = useLanguage();
  const { t } = useTranslation();
  if (!seo) return null;
  const { site } = seo;
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.title,
    url: site.url,
    logo: `${site.url}/favicon.svg`,
    ...(site.sameAs.length > 0 ? { sameAs: site.sameAs } : {}),
    ...(site.contactPhone || site.contactEmail
      ? {
          contactPoint: {
            "@type": "ContactPoint",
            contactType: "customer service",
            areaServed: "AE",
            ...(site.contactPhone ? { telephone: site.contactPhone } : {}),
            ...(site.contactEmail ? { email: site.contactEmail } : {}),
          },
        }
      : {}),
  };
  const website = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.title,
    url: site.url,
    potentialAction: {
      "@type": "SearchAction",
      target: `${site.url}${localizePath("/search", language)}?q={search_term_string}`,
      "query-input": "required name=search_term_string",
    },
  };
  const analytics = analyticsId(site);
  return (
    <>
      {seo.noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
      {site.googleSiteVerification ? <meta name="google-site-verification" content={site.googleSiteVerification} /> : null}
      {site.bingSiteVerification ? <meta name="msvalidate.01" content={site.bingSiteVerification} /> : null}
      <meta property="og:site_name" content={site.title} />
      <meta property="og:locale" content={language === "ar" ? "ar_AE" : site.locale} />
      <meta property="og:locale:alternate" content={language === "ar" ? site.locale : "ar_AE"} />
      {site.twitterSite ? <meta name="twitter:site" content={site.twitterSite} /> : null}
      {site.twitterCreator ? <meta name="twitter:creator" content={site.twitterCreator} /> : null}
      <link rel="alternate" type="application/rss+xml" title={t("{{site}} blog", { site: site.title })} href="/rss.xml" />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript([organization, website]) }} />
      {analytics ? (
        <>
          <script
            async
            nonce={nonce}
            suppressHydrationWarning
            src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analytics)}`}
          />
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{
              __html: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${jsonForScript(analytics)});`,
            }}
          />
        </>
      ) : null}
    </>
  );
}
