// /dashboard/results/trends: each analyte measured more than once, across results and labs: its
// latest and previous values and a sparkline, linking to its chart and table (trend-view.tsx).
import { Button } from "~/components/ui/button";
import { Link } from "~/i18n/link";
import { useFormat } from "~/i18n/use-format";
import { useTranslation } from "~/i18n/use-translation";
import type { TrendSummary } from "~/modules/results/trends.server";
import { FlagBadge } from "~/modules/results/components/result-values-table";
import { SPARKLINE_HEIGHT, SPARKLINE_WIDTH, type Sparkline } from "~/modules/results/trend-sparkline";

/** An analyte's name (as the lab sent it, in English) and its unit. */
export function TrendName({ analyte, unit }: { analyte: string; unit: string | null }) {
  return (
    <>
      <span lang="en">{analyte}</span>
      {unit ? <bdi className="text-muted-foreground"> ({unit})</bdi> : null}
    </>
  );
}

/** Decoration: the values and numbers beside it say the same in words. Time runs with the reading direction. */
function SparklineSvg({ line, rtl }: { line: Sparkline; rtl: boolean }) {
  return (
    <svg
      width={SPARKLINE_WIDTH}
      height={SPARKLINE_HEIGHT}
      viewBox={`0 0 ${SPARKLINE_WIDTH} ${SPARKLINE_HEIGHT}`}
      aria-hidden
      className={`shrink-0 ${rtl ? "-scale-x-100" : ""}`}
    >
      {line.band ? <rect x="0" y={line.band.y} width={SPARKLINE_WIDTH} height={line.band.height} className="fill-emerald-500/15" /> : null}
      <polyline points={line.points} fill="none" className="stroke-primary" strokeWidth="2" strokeLinejoin="round" />
      <circle cx={line.last.x} cy={line.last.y} r="3" className="fill-primary" />
    </svg>
  );
}

export function TrendsView({ trends }: { trends: TrendSummary[] }) {
  const { t } = useTranslation("results");
  const { dateTime, language } = useFormat();
  const shown = (point: TrendSummary["latest"], unit: string | null) => (
    <>
      <bdi dir="ltr" className="font-semibold">
        {point.text}
        {unit ? ` ${unit}` : ""}
      </bdi>{" "}
      {point.flag ? <FlagBadge flag={point.flag} /> : null} <span className="text-muted-foreground">{dateTime(point.date, { dateStyle: "medium" })}</span>
    </>
  );
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{t("Trends")}</h1>
        <Button asChild variant="ghost">
          <Link to="/dashboard/results">{t("My Results")}</Link>
        </Button>
      </div>
      <p className="text-muted-foreground">{t("Values measured more than once, across your results and labs. The shaded band is the reference range.")}</p>
      {trends.length === 0 ? (
        <p>{t("No value has been measured more than once yet.")}</p>
      ) : (
        <ul className="grid gap-3" aria-label={t("Trends")}>
          {trends.map((trend) => (
            <li key={trend.id} data-trend={trend.analyte} className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4">
              <div className="grid min-w-0 gap-1 text-sm">
                <h2 className="text-base font-semibold">
                  <TrendName analyte={trend.analyte} unit={trend.unit} />
                </h2>
                <p>
                  {t("Latest")}: {shown(trend.latest, trend.unit)}
                </p>
                <p>
                  {t("Before")}: {shown(trend.previous, trend.unit)}
                </p>
                <p className="text-muted-foreground">{t("Measurements: {{n}}, labs: {{labs}}", { n: trend.count, labs: trend.labs })}</p>
              </div>
              <SparklineSvg line={trend.sparkline} rtl={language === "ar"} />
              <Link to={`/dashboard/results/trends/${trend.id}`} className="text-sm font-medium text-primary underline" aria-label={t("See the trend: {{analyte}}", { analyte: trend.analyte })}>
                {t("See the trend")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
