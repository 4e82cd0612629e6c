// /dashboard/results/trends/{id}: one analyte's values across results and labs, as a chart (loaded
// in the browser only, on this page) and its table twin. One unit per series.
import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Link } from "~/i18n/link";
import { useFormat } from "~/i18n/use-format";
import { useTranslation } from "~/i18n/use-translation";
import type { Trend } from "~/modules/results/trends.server";
import { rangeLabel } from "~/modules/results/result-values";
import { FlagBadge } from "~/modules/results/components/result-values-table";
import { TrendName } from "~/modules/results/components/trends-view";

const TrendChart = lazy(() => import("~/modules/results/components/trend-chart"));

export function TrendView({ trend }: { trend: Trend }) {
  const { t } = useTranslation("results");
  const { dateTime, language } = useFormat();
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10" data-trend={trend.analyte}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">
          <TrendName analyte={trend.analyte} unit={trend.unit} />
        </h1>
        <Button asChild variant="ghost">
          <Link to="/dashboard/results/trends">{t("Trends")}</Link>
        </Button>
      </div>
      <p className="text-muted-foreground">
        {t("Measurements: {{n}}, labs: {{labs}}", { n: trend.points.length, labs: trend.labs })}.{" "}
        {t("Values measured more than once, across your results and labs. The shaded band is the reference range.")}
      </p>
      {inBrowser ? (
        <Suspense fallback={<div className="h-56" />}>
          <TrendChart
            unit={trend.unit}
            rtl={language === "ar"}
            points={trend.points.map((point) => ({ label: dateTime(point.date, { dateStyle: "medium" }), value: point.value, low: point.low, high: point.high }))}
          />
        </Suspense>
      ) : (
        <div className="h-56" />
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{trend.analyte}</caption>
          <thead>
            <tr className="border-b">
              <th className="p-1 text-start font-medium">{t("Date")}</th>
              <th className="p-1 text-start font-medium">{t("Lab")}</th>
              <th className="p-1 text-start font-medium">{t("Value")}</th>
              <th className="p-1 text-start font-medium">{t("Reference range")}</th>
              <th className="p-1 text-start font-medium">{t("Flag")}</th>
            </tr>
          </thead>
          <tbody>
            {trend.points.map((point, index) => (
              <tr key={index} className="border-b last:border-0">
                <td className="p-1">
                  <Link to={`/dashboard/results/${point.resultId}`} className="underline">
                    {dateTime(point.date, { dateStyle: "medium" })}
                  </Link>
                </td>
                <td className="p-1">{point.labName}</td>
                <td className="p-1">
                  <bdi>
                    {point.text}
                    {trend.unit ? ` ${trend.unit}` : ""}
                  </bdi>
                </td>
                <td className="p-1">
                  <bdi>{rangeLabel({ low: point.low, high: point.high, rangeText: null }) ?? "—"}</bdi>
                </td>
                <td className="p-1">{point.flag ? <FlagBadge flag={point.flag} /> : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
