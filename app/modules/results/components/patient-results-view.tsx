// The patient's results pages (English and Arabic): My Results, one result with its versions,
// report, share links and access log.
import { useFetcher } from "react-router";
import { CsrfField } from "~/components/csrf-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Pagination } from "~/components/pagination";
import { Link } from "~/i18n/link";
import { localizedField } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import { useTranslation } from "~/i18n/use-translation";
import type { AccessLogEntry, AccessLogPage } from "~/modules/results/result-access-log.server";
import type { ResultAccessAction } from "~/modules/results/result-status";
import type { MyResult, ResultView } from "~/modules/results/patient-results.server";
import type { ShareRow } from "~/modules/results/result-shares.server";
import { ResultValuesTable } from "~/modules/results/components/result-values-table";
import { useFormResult, type FormResult } from "~/utils/form-result";

type Named = { en: string | null; ar: string | null };

function useNamed() {
  const { language } = useFormat();
  return ({ en, ar }: Named) => {
    const field = localizedField(en ?? "", ar, language);
    return <span lang={field.lang}>{field.text}</span>;
  };
}

/** /dashboard/results: every released result, newest first. */
export function MyResultsView({ results, page, pageCount }: { results: MyResult[]; page: number; pageCount: number }) {
  const { t } = useTranslation("results");
  const { dateTime } = useFormat();
  const named = useNamed();
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{t("My Results")}</h1>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/dashboard/results/trends">{t("Trends")}</Link>
          </Button>
          {results.length > 0 ? (
            <Button asChild variant="outline">
              <a href="/results/export" download>
                {t("Export all (FHIR R4)")}
              </a>
            </Button>
          ) : null}
          <Button asChild variant="ghost">
            <Link to="/dashboard">{t("Back to dashboard")}</Link>
          </Button>
        </div>
      </div>
      {results.length === 0 ? (
        <p className="text-muted-foreground">{t("Your results will appear here once a lab releases them.")}</p>
      ) : (
        <ul className="grid gap-3" aria-label={t("My Results")}>
          {results.map((result) => (
            <li key={result.id}>
              <Link to={`/dashboard/results/${result.id}`} className="block rounded-lg border p-4 hover:bg-accent">
                <p className="font-semibold">{named({ en: result.testName, ar: result.testNameAr })}</p>
                <p className="text-sm text-muted-foreground">
                  {named({ en: result.labName, ar: result.labNameAr })} · {dateTime(result.releasedAt, { dateStyle: "medium" })}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(n) => (n > 1 ? `?page=${n}` : "?")} />
    </div>
  );
}

const ACTION_TEXT: Record<ResultAccessAction, "viewed the result" | "downloaded the report" | "created a share link" | "revoked a share link" | "opened the shared link" | "downloaded the report through the shared link" | "opened the result with a recorded reason" | "exported the result (FHIR)"> = {
  view: "viewed the result",
  download: "downloaded the report",
  share: "created a share link",
  share_revoke: "revoked a share link",
  share_open: "opened the shared link",
  share_download: "downloaded the report through the shared link",
  break_glass: "opened the result with a recorded reason",
  export: "exported the result (FHIR)",
};

function AccessLogList({ entries }: { entries: AccessLogEntry[] }) {
  const { t } = useTranslation("results");
  const { dateTime } = useFormat();
  const who = (entry: AccessLogEntry) =>
    entry.actorKind === "customer"
      ? t("You")
      : entry.actorKind === "lab"
        ? t("{{lab}} (the lab)", { lab: entry.labName ?? "" })
        : entry.actorKind === "admin"
          ? t("LabTest Hub staff, reason: {{reason}}", { reason: entry.reason ?? "" })
          : t("Someone with your shared link");
  return (
    <ul className="grid gap-1 text-sm" aria-label={t("Who opened this result and when")}>
      {entries.map((entry, index) => (
        <li key={index} className="flex flex-wrap gap-x-2 border-b py-1 last:border-0">
          <span className="text-muted-foreground">{dateTime(entry.at)}</span>
          <span>
            {who(entry)}: {t(ACTION_TEXT[entry.action])}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The result page's card: the newest entries, and the whole log on its own page when there are more. */
function AccessLog({ resultId, log }: { resultId: string; log: AccessLogPage }) {
  const { t } = useTranslation("results");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Who opened this result and when")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <AccessLogList entries={log.entries} />
        {log.total > log.entries.length ? (
          <Link to={`/dashboard/results/${resultId}/access-log`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t("See the whole log ({{n}} entries)", { n: log.total })}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** A result page's heading, the line under it, and its actions beside them. */
function ResultHeader({ title, subtitle, children }: { title: React.ReactNode; subtitle: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-muted-foreground">{subtitle}</p>
      </div>
      {children}
    </div>
  );
}

/** /dashboard/results/{id}/access-log: every access to the result, newest first, a page at a time. */
export function AccessLogPageView({ resultId, testName, testNameAr, log }: { resultId: string; testName: string | null; testNameAr: string | null; log: AccessLogPage }) {
  const { t } = useTranslation("results");
  const named = useNamed();
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <ResultHeader title={t("Who opened this result and when")} subtitle={named({ en: testName, ar: testNameAr })}>
        <Button asChild variant="ghost">
          <Link to={`/dashboard/results/${resultId}`}>{t("Back to the result")}</Link>
        </Button>
      </ResultHeader>
      <AccessLogList entries={log.entries} />
      <Pagination page={log.page} pageCount={log.pageCount} hrefFor={(n) => (n > 1 ? `?page=${n}` : "?")} />
    </div>
  );
}

function Shares({ shares, link }: { shares: ShareRow[]; link: string | null }) {
  const { t } = useTranslation("results");
  const { dateTime } = useFormat();
  const create = useFetcher<FormResult<{ link: string }>>();
  const revoke = useFetcher<FormResult>();
  useFormResult(create.data);
  useFormResult(revoke.data);
  const shown = (create.data?.ok ? create.data.link : null) ?? link;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Share with a doctor")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="text-muted-foreground">{t("A link that shows this result only, to anyone who has it, until it expires or you revoke it.")}</p>
        <create.Form method="post" className="flex flex-wrap items-end gap-2">
          <CsrfField />
          <input type="hidden" name="intent" value="share" />
          <label className="grid gap-1">
            {t("Days the link works (1 to 30)")}
            <input type="number" name="days" min={1} max={30} defaultValue={7} className="w-24 rounded border px-2 py-1" />
          </label>
          <Button type="submit" disabled={create.state !== "idle"}>
            {t("Create link")}
          </Button>
        </create.Form>
        {shown ? (
          <p className="grid gap-1 rounded border bg-muted/40 p-2">
            <span>{t("Your link (copy it now: it is shown once):")}</span>
            <output dir="ltr" className="break-all font-mono" data-testid="share-link">
              {shown}
            </output>
          </p>
        ) : null}
        {shares.length > 0 ? (
          <ul className="grid gap-1" aria-label={t("Share links")}>
            {shares.map((share) => (
              <li key={share.id} className="flex flex-wrap items-center gap-2">
                <span>{t("Created {{date}}", { date: dateTime(share.createdAt) })}</span>
                {share.active ? (
                  <>
                    <Badge variant="secondary">{t("Expires {{date}}", { date: dateTime(share.expiresAt) })}</Badge>
                    <revoke.Form method="post">
                      <CsrfField />
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="shareId" value={share.id} />
                      <Button type="submit" size="sm" variant="outline">
                        {t("Revoke")}
                      </Button>
                    </revoke.Form>
                  </>
                ) : (
                  <Badge variant="outline">{share.revokedAt ? t("Revoked") : t("Expired")}</Badge>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The versions of a result (newest first), each with its values and report. */
export function ResultVersions({ view, reportHref }: { view: ResultView; reportHref: (version: number) => string }) {
  const { t } = useTranslation("results");
  const { dateTime } = useFormat();
  return (
    <>
      {view.versions.map((version, index) => (
        <Card key={version.version} data-version={version.version}>
          <div className="flex flex-wrap items-center justify-between gap-2 p-6">
            <CardTitle>
              {index === 0 ? t("Values") : t("Version {{version}}", { version: version.version })}{" "}
              {version.status === "superseded" ? <Badge variant="outline">{t("Superseded")}</Badge> : null}
            </CardTitle>
            {version.hasReport ? (
              <Button asChild variant="outline" size="sm">
                <a href={reportHref(version.version)} download>
                  {t("Download the report (PDF)")}
                </a>
              </Button>
            ) : null}
          </div>
          <CardContent className="grid gap-2">
            {version.releasedAt ? <p className="text-sm text-muted-foreground">{t("Released {{date}}", { date: dateTime(version.releasedAt) })}</p> : null}
            <ResultValuesTable values={version.values} />
          </CardContent>
        </Card>
      ))}
    </>
  );
}

/** /dashboard/results/{id}: values, report, versions, share links, access log. */
export function ResultPageView({ view, accessLog, shares, link }: { view: ResultView; accessLog: AccessLogPage; shares: ShareRow[]; link: string | null }) {
  const { t } = useTranslation("results");
  const named = useNamed();
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <ResultHeader title={named({ en: view.testName, ar: view.testNameAr })} subtitle={named({ en: view.labName, ar: view.labNameAr })}>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={`/results/export?resultId=${view.id}`} download>
              {t("Export (FHIR R4)")}
            </a>
          </Button>
          <Button asChild variant="ghost">
            <Link to="/dashboard/results">{t("My Results")}</Link>
          </Button>
        </div>
      </ResultHeader>
      <ResultVersions view={view} reportHref={(version) => `/results/${view.id}/report?v=${version}`} />
      {view.versions.length > 1 ? (
        <p className="text-sm text-muted-foreground">{t("The lab corrected this result: the newest version is first; earlier versions stay readable, marked superseded.")}</p>
      ) : null}
      <Shares shares={shares} link={link} />
      <AccessLog resultId={view.id} log={accessLog} />
    </div>
  );
}
