import { resultTimeWords } from "~/modules/catalog/result-time-format";
import { ArrowLeft, Clock, ExternalLink, House, Mail, MapPin, Phone, Search } from "~/components/ui/icons";
import { useTranslation } from "~/i18n/use-translation";
import { useNameTranslator } from "~/i18n/use-name";
import { Form, Link } from "~/i18n/link";
import { LocalizedText, localizedField } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import { Pagination } from "~/components/pagination";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/utils/cn";
import { weekdays, type Weekday } from "~/modules/slots/collection-types";
import { mapUrl, openingHoursRows } from "~/modules/labs/lab-details";
import type { LabProfile, LabTestRow } from "~/modules/labs/lab-directory.server";
import { useTestCountText } from "~/modules/labs/lab-directory-view";

export type LabViewProps = {
  lab: LabProfile;
  tests: { rows: LabTestRow[]; total: number; page: number; pageCount: number };
  q: string;
  /** Today's weekday in Abu Dhabi, marked in the opening hours. */
  today: Weekday;
};

/** The address of a lab page with its test search and page. */
export function labHref(slug: string, state: { q?: string; page?: number } = {}) {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return `/labs/${slug}${query ? `?${query}` : ""}`;
}

/** "Results in 24 hours", "Results in 4 days" (result-time-format.ts decides the unit) in the page's language; null when the lab gave no time. */
function useResultHoursText() {
  const { t } = useTranslation("catalog");
  return (hours: number | null) => {
    if (hours === null) return null;
    const words = resultTimeWords(hours);
    return words.unit === "days" ? t("Results in {{count}} days", { count: words.from }) : t("Results in {{count}} hours", { count: words.from });
  };
}

/** A noon (Dubai) on that weekday, for Intl's weekday names: 22 Nov 2026 was a Sunday. */
const weekdayDate = (weekday: Weekday) => new Date(Date.UTC(2026, 10, 22 + weekdays.indexOf(weekday), 8));

function OpeningHoursTable({ lab, today }: { lab: LabProfile; today: Weekday }) {
  const { t } = useTranslation("catalog");
  const format = useFormat();
  const rows = openingHoursRows(lab.openingHours);
  return (
    <section aria-labelledby="lab-hours" className="rounded-lg border bg-card p-5">
      <h2 id="lab-hours" className="flex items-center gap-2 text-lg font-semibold">
        <Clock className="size-5 text-primary" aria-hidden /> {t("Opening hours")}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t("Opening hours not published yet. Please call the lab.")}</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">{t("Opening hours, Abu Dhabi time")}</caption>
          <tbody>
            {rows.map((row) => (
              <tr key={row.weekday} className={cn("border-b last:border-0", row.weekday === today && "font-semibold")}>
                <th scope="row" className="py-1.5 text-start font-medium">
                  {format.language === "en" ? row.day : format.dateTime(weekdayDate(row.weekday), { weekday: "long" })}
                  {row.weekday === today ? <span className="ms-2 text-xs text-primary">{t("(today)")}</span> : null}
                </th>
                <td className={cn("py-1.5 text-end tabular-nums", !row.open && "text-muted-foreground")}>
                  {row.open && row.hours.includes("–") ? <bdi>{row.hours}</bdi> : t(row.hours as "Closed" | "Open 24 hours")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-3 text-xs text-muted-foreground">{t("Times are Abu Dhabi time (GST).")}</p>
    </section>
  );
}

function LabContact({ lab }: { lab: LabProfile }) {
  const { t } = useTranslation("catalog");
  const map = mapUrl(lab.latitude, lab.longitude);
  return (
    <section aria-labelledby="lab-contact" className="rounded-lg border bg-card p-5">
      <h2 id="lab-contact" className="flex items-center gap-2 text-lg font-semibold">
        <MapPin className="size-5 text-primary" aria-hidden /> {t("Location and contact")}
      </h2>
      <dl className="mt-3 grid gap-3 text-sm">
        {lab.address ? (
          <div>
            <dt className="font-medium">{t("Address")}</dt>
            <LocalizedText as="dd" className="break-words text-muted-foreground" en={lab.address} ar={lab.addressAr} />
          </div>
        ) : null}
        {lab.contactPhone ? (
          <div>
            <dt className="font-medium">{t("Phone")}</dt>
            <dd>
              <a href={`tel:${lab.contactPhone.replace(/[^\d+]/g, "")}`} className="inline-flex items-center gap-1 text-primary hover:underline">
                <Phone className="size-3.5" aria-hidden /> <bdi>{lab.contactPhone}</bdi>
              </a>
            </dd>
          </div>
        ) : null}
        {lab.contactEmail ? (
          <div>
            <dt className="font-medium">{t("E-mail")}</dt>
            <dd className="break-all">
              <a href={`mailto:${lab.contactEmail}`} className="inline-flex items-center gap-1 text-primary hover:underline">
                <Mail className="size-3.5 shrink-0" aria-hidden /> <bdi>{lab.contactEmail}</bdi>
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      {map ? (
        <a
          href={map}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-4")}
        >
          <ExternalLink aria-hidden /> {t("View on map")}
          <span className="sr-only"> {t("(opens in a new tab)")}</span>
        </a>
      ) : null}
    </section>
  );
}

function HomeCollection({ lab }: { lab: LabProfile }) {
  const { t } = useTranslation("catalog");
  const placeName = useNameTranslator();
  const format = useFormat();
  return (
    <section aria-labelledby="lab-home" className="rounded-lg border bg-card p-5">
      <h2 id="lab-home" className="flex items-center gap-2 text-lg font-semibold">
        <House className="size-5 text-primary" aria-hidden /> {t("Home collection")}
      </h2>
      {lab.homeCollectionFeeFils === null ? (
        <p className="mt-3 text-sm text-muted-foreground">{t("This lab takes samples at the lab only (walk-in).")}</p>
      ) : (
        <>
          <p className="mt-3 text-sm">
            {t("Fee per visit:")}{" "}
            <strong>
              <bdi>{format.money(lab.homeCollectionFeeFils)}</bdi>
            </strong>
          </p>
          {lab.homeCollectionAreas.length > 0 ? (
            <>
              <p className="mt-3 text-sm font-medium">{t("Areas served")}</p>
              <ul className="mt-1 flex flex-wrap gap-2" aria-label={t("Areas served")}>
                {lab.homeCollectionAreas.map((area) => (
                  <li key={area} className="rounded-full border px-3 py-1 text-xs">
                    {placeName(area)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

function LabTests({ lab, tests, q }: Pick<LabViewProps, "lab" | "tests" | "q">) {
  const { t } = useTranslation("catalog");
  const format = useFormat();
  const testCountText = useTestCountText();
  const resultHoursText = useResultHoursText();
  const labName = localizedField(lab.name, lab.nameAr, format.language).text;
  return (
    <section aria-labelledby="lab-tests" className="mt-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="lab-tests" className="text-2xl font-bold">
            {t("Tests and prices at {{lab}}", { lab: labName })}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
            {q ? t("{{tests}} matching “{{q}}”", { tests: testCountText(tests.total), q }) : testCountText(tests.total)}
          </p>
        </div>
        <Form method="get" action={`/labs/${lab.slug}`} role="search" className="flex w-full gap-2 sm:max-w-sm">
          <label htmlFor="lab-test-search" className="sr-only">
            {t("Search this lab's tests")}
          </label>
          <Input
            key={q}
            id="lab-test-search"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            placeholder={t("Search this lab's tests...")}
          />
          <Button type="submit">
            <Search aria-hidden /> {t("Search")}
          </Button>
        </Form>
      </div>
      {tests.rows.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed px-6 py-12 text-center">
          <p className="font-medium">{q ? t("No tests at this lab match your search") : t("This lab has no tests online yet")}</p>
          {q ? (
            <Link to={labHref(lab.slug)} className={cn(buttonVariants({ variant: "outline" }), "mt-4")}>
              {t("Show all tests")}
            </Link>
          ) : null}
        </div>
      ) : (
        <>
          <ul className="mt-6 divide-y rounded-lg border bg-card" aria-label={t("Tests at {{lab}}", { lab: labName })}>
            {tests.rows.map((row) => (
              <li
                key={row.offerId}
                data-testid="lab-test"
                className="grid gap-2 p-4 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center sm:gap-6"
              >
                <div className="min-w-0">
                  <Link to={`/product/${row.testSlug}`} data-testid="lab-test-name" className="font-medium break-words hover:text-primary hover:underline">
                    <LocalizedText en={row.testName} ar={row.testNameAr} />
                  </Link>
                  <p className="mt-1 text-xs text-muted-foreground">
                    {[resultHoursText(row.resultHours), row.walkIn ? t("Walk-in") : null, row.homeCollection ? t("Home collection") : null]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </div>
                <p className="text-lg font-bold text-primary tabular-nums">
                  <bdi>{format.money(row.priceFils)}</bdi>
                </p>
                <Link
                  to={`/book/${row.testId}?lab=${lab.id}`}
                  className={cn(buttonVariants({ variant: "outline", size: "sm" }), "justify-self-start")}
                  aria-label={t("Book {{test}} at {{lab}}", { test: localizedField(row.testName, row.testNameAr, format.language).text, lab: labName })}
                >
                  {t("Book at this lab")}
                </Link>
              </li>
            ))}
          </ul>
          <Pagination page={tests.page} pageCount={tests.pageCount} hrefFor={(page) => labHref(lab.slug, { q, page })} />
        </>
      )}
    </section>
  );
}

/** /labs/{slug}: a partner lab's details, opening hours, map link, home collection, and its tests with its prices. */
export function LabView({ lab, tests, q, today }: LabViewProps) {
  const { t } = useTranslation("catalog");
  const placeName = useNameTranslator();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <Link to="/labs" className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "-ms-3")}>
        <ArrowLeft className="rtl:rotate-180" aria-hidden /> {t("All labs")}
      </Link>
      <header className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center">
        {lab.logoUrl ? (
          <img src={lab.logoUrl} alt="" width={64} height={64} className="size-16 shrink-0 rounded-lg border object-contain" />
        ) : null}
        <div className="min-w-0">
          <LocalizedText as="h1" className="text-3xl font-bold tracking-tight break-words sm:text-4xl" en={lab.name} ar={lab.nameAr} />
          {lab.area ? <p className="mt-1 font-medium text-primary">{t("{{area}}, Abu Dhabi", { area: placeName(lab.area) })}</p> : null}
        </div>
      </header>
      {lab.description ? <LocalizedText as="p" className="mt-4 max-w-3xl text-muted-foreground" en={lab.description} ar={lab.descriptionAr} /> : null}
      <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <OpeningHoursTable lab={lab} today={today} />
        <LabContact lab={lab} />
        <HomeCollection lab={lab} />
      </div>
      <LabTests lab={lab} tests={tests} q={q} />
    </div>
  );
}
