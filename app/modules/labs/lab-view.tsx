import { ArrowLeft, Clock, ExternalLink, Home, Mail, MapPin, Phone, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Pagination } from "~/components/pagination";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/utils/cn";
import { formatAed } from "~/utils/money";
import type { Weekday } from "~/modules/slots/collection-types";
import { mapUrl, openingHoursRows, resultHoursText } from "~/modules/labs/lab-details";
import type { LabProfile, LabTestRow } from "~/modules/labs/lab-directory.server";
import { testCountText } from "~/modules/labs/lab-directory-view";

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

function OpeningHoursTable({ lab, today }: { lab: LabProfile; today: Weekday }) {
  const rows = openingHoursRows(lab.openingHours);
  return (
    <section aria-labelledby="lab-hours" className="rounded-lg border bg-card p-5">
      <h2 id="lab-hours" className="flex items-center gap-2 text-lg font-semibold">
        <Clock className="size-5 text-primary" aria-hidden /> Opening hours
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">Opening hours not published yet. Please call the lab.</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">Opening hours, Abu Dhabi time</caption>
          <tbody>
            {rows.map((row) => (
              <tr key={row.weekday} className={cn("border-b last:border-0", row.weekday === today && "font-semibold")}>
                <th scope="row" className="py-1.5 text-start font-medium">
                  {row.day}
                  {row.weekday === today ? <span className="ms-2 text-xs text-primary">(today)</span> : null}
                </th>
                <td className={cn("py-1.5 text-end tabular-nums", !row.open && "text-muted-foreground")}>{row.hours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-3 text-xs text-muted-foreground">Times are Abu Dhabi time (GST).</p>
    </section>
  );
}

function LabContact({ lab }: { lab: LabProfile }) {
  const map = mapUrl(lab.latitude, lab.longitude);
  return (
    <section aria-labelledby="lab-contact" className="rounded-lg border bg-card p-5">
      <h2 id="lab-contact" className="flex items-center gap-2 text-lg font-semibold">
        <MapPin className="size-5 text-primary" aria-hidden /> Location and contact
      </h2>
      <dl className="mt-3 grid gap-3 text-sm">
        {lab.address ? (
          <div>
            <dt className="font-medium">Address</dt>
            <dd className="break-words text-muted-foreground">{lab.address}</dd>
          </div>
        ) : null}
        {lab.contactPhone ? (
          <div>
            <dt className="font-medium">Phone</dt>
            <dd>
              <a href={`tel:${lab.contactPhone.replace(/[^\d+]/g, "")}`} className="inline-flex items-center gap-1 text-primary hover:underline">
                <Phone className="size-3.5" aria-hidden /> {lab.contactPhone}
              </a>
            </dd>
          </div>
        ) : null}
        {lab.contactEmail ? (
          <div>
            <dt className="font-medium">E-mail</dt>
            <dd className="break-all">
              <a href={`mailto:${lab.contactEmail}`} className="inline-flex items-center gap-1 text-primary hover:underline">
                <Mail className="size-3.5 shrink-0" aria-hidden /> {lab.contactEmail}
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
          <ExternalLink aria-hidden /> View on map<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
}

function HomeCollection({ lab }: { lab: LabProfile }) {
  return (
    <section aria-labelledby="lab-home" className="rounded-lg border bg-card p-5">
      <h2 id="lab-home" className="flex items-center gap-2 text-lg font-semibold">
        <Home className="size-5 text-primary" aria-hidden /> Home collection
      </h2>
      {lab.homeCollectionFeeFils === null ? (
        <p className="mt-3 text-sm text-muted-foreground">This lab takes samples at the lab only (walk-in).</p>
      ) : (
        <>
          <p className="mt-3 text-sm">
            Fee per visit: <strong>{formatAed(lab.homeCollectionFeeFils)}</strong>
          </p>
          {lab.homeCollectionAreas.length > 0 ? (
            <>
              <p className="mt-3 text-sm font-medium">Areas served</p>
              <ul className="mt-1 flex flex-wrap gap-2" aria-label="Areas served">
                {lab.homeCollectionAreas.map((area) => (
                  <li key={area} className="rounded-full border px-3 py-1 text-xs">
                    {area}
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
  return (
    <section aria-labelledby="lab-tests" className="mt-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="lab-tests" className="text-2xl font-bold">
            Tests and prices at {lab.name}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
            {q ? `${testCountText(tests.total)} matching “${q}”` : testCountText(tests.total)}
          </p>
        </div>
        <Form method="get" action={`/labs/${lab.slug}`} role="search" className="flex w-full gap-2 sm:max-w-sm">
          <label htmlFor="lab-test-search" className="sr-only">
            Search this lab's tests
          </label>
          <Input
            key={q}
            id="lab-test-search"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            placeholder="Search this lab's tests..."
            className="h-10"
          />
          <Button type="submit" className="h-10">
            <Search aria-hidden /> Search
          </Button>
        </Form>
      </div>
      {tests.rows.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed px-6 py-12 text-center">
          <p className="font-medium">{q ? "No tests at this lab match your search" : "This lab has no tests online yet"}</p>
          {q ? (
            <Link to={labHref(lab.slug)} className={cn(buttonVariants({ variant: "outline" }), "mt-4")}>
              Show all tests
            </Link>
          ) : null}
        </div>
      ) : (
        <>
          <ul className="mt-6 divide-y rounded-lg border bg-card" aria-label={`Tests at ${lab.name}`}>
            {tests.rows.map((row) => (
              <li
                key={row.offerId}
                data-testid="lab-test"
                className="grid gap-2 p-4 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center sm:gap-6"
              >
                <div className="min-w-0">
                  <Link to={`/product/${row.testSlug}`} data-testid="lab-test-name" className="font-medium break-words hover:text-primary hover:underline">
                    {row.testName}
                  </Link>
                  <p className="mt-1 text-xs text-muted-foreground">
                    {[resultHoursText(row.resultHours), row.walkIn ? "Walk-in" : null, row.homeCollection ? "Home collection" : null]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </div>
                <p className="text-lg font-bold text-primary tabular-nums">{formatAed(row.priceFils)}</p>
                <Link
                  to={`/book/${row.testId}?lab=${lab.id}`}
                  className={cn(buttonVariants({ variant: "outline", size: "sm" }), "justify-self-start")}
                  aria-label={`Book ${row.testName} at ${lab.name}`}
                >
                  Book at this lab
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
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <Link to="/labs" className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "-ms-3")}>
        <ArrowLeft className="rtl:rotate-180" aria-hidden /> All labs
      </Link>
      <header className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center">
        {lab.logoUrl ? (
          <img src={lab.logoUrl} alt="" width={64} height={64} className="size-16 shrink-0 rounded-lg border object-contain" />
        ) : null}
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{lab.name}</h1>
          {lab.area ? <p className="mt-1 font-medium text-primary">{lab.area}, Abu Dhabi</p> : null}
        </div>
      </header>
      {lab.description ? <p className="mt-4 max-w-3xl text-muted-foreground">{lab.description}</p> : null}
      <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <OpeningHoursTable lab={lab} today={today} />
        <LabContact lab={lab} />
        <HomeCollection lab={lab} />
      </div>
      <LabTests lab={lab} tests={tests} q={q} />
    </div>
  );
}
