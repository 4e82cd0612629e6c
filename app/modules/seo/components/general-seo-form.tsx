import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { TextFields, type TextFieldSpec } from "~/modules/admin/components/text-field";
import { useFormResult } from "~/utils/form-result";
import { CsrfField } from "~/components/csrf-field";
import { DEFAULT_LOCALE, DEFAULT_SITE_DESCRIPTION, DEFAULT_SITE_TITLE } from "~/modules/seo/seo-defaults";

type SiteSeoSettings = {
  siteTitle: string;
  siteDescription: string;
  defaultOgImage: string | null;
  siteUrl: string | null;
  googleAnalyticsId: string | null;
  siteLocale: string;
  googleSiteVerification: string | null;
  bingSiteVerification: string | null;
  twitterSite: string | null;
  twitterCreator: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  sameAs: string[];
};

/** The General SEO tab's fields, in the order the form shows them. */
const fields: (TextFieldSpec & { name: keyof SiteSeoSettings })[] = [
  { name: "siteTitle", label: "Site title", wide: true },
  { name: "siteDescription", label: "Site description", wide: true, rows: 3 },
  { name: "defaultOgImage", label: "Default social image URL", type: "url", hint: "1200 x 630 pixels." },
  { name: "siteUrl", label: "Site URL", type: "url" },
  ...Object.entries({
    googleAnalyticsId: "Analytics ID",
    siteLocale: "Site locale",
    googleSiteVerification: "Google verification code",
    bingSiteVerification: "Bing verification code",
    twitterSite: "Twitter site",
    twitterCreator: "Twitter creator",
  } as const).map(([name, label]) => ({ name: name as keyof SiteSeoSettings, label })),
  { name: "contactPhone", label: "Contact phone", type: "tel" },
  { name: "contactEmail", label: "Contact email", type: "email" },
  { name: "sameAs", label: "Social profiles", hint: "One URL per line.", wide: true, rows: 3 },
];

/** The site-wide SEO settings form (the General SEO tab). */
export function GeneralSeoForm({ settings }: { settings: SiteSeoSettings | null }) {
  const fetcher = useFetcher();
  const errors = useFormResult(fetcher.data);
  const defaults: Partial<Record<keyof SiteSeoSettings, string | null>> = {
    ...settings,
    siteTitle: settings?.siteTitle ?? DEFAULT_SITE_TITLE,
    siteDescription: settings?.siteDescription || DEFAULT_SITE_DESCRIPTION,
    siteLocale: settings?.siteLocale ?? DEFAULT_LOCALE,
    sameAs: settings?.sameAs.join("\n"),
  };
  return (
    <fetcher.Form method="post" className="grid max-w-3xl gap-4 sm:grid-cols-2" noValidate>
      <CsrfField />
      <input type="hidden" name="intent" value="save-settings" />
      <TextFields prefix="seo" fields={fields} errors={errors} values={defaults} />
      <div>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
