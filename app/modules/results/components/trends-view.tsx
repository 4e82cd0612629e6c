// /dashboard/results/trends: each analyte measured more than once, across results and labs, as a
// chart (loaded in the browser only, on this page) and its table twin. One unit per series.
import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Link } from "~/i18n/link";
import { useFormat } from "~/i18n/use-format";
import { useTranslation } from "~/i18n/use-translation";
import type { Trend } from "~/modules/results/patient-results.server";
import { rangeLabel } from "~/modules/results/result-values";
import { FlagBadge } from "~/modules/results/components/result-values-table";

const TrendChart = lazy(() => import("~/modules/results/components/trend-chart"));

export function TrendsView({ trends }: { trends: Trend[] }) {
  const { t } = useTranslation("results");
  const { dateTime, language } = useFormat();
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{t("Trends")}</h1>
        <Button asChild variant="ghost">
          <Link to="/dashboard/results">{t("My Results")}</Link>
        </Button>
      </div>
      <p className="text-muted-foreground">{t("Values measured more than once, across your results and labs. The shaded band is the reference range.")}</p>
      {trends.length === 0 ? <p>{t("No value has been measured more than once yet.")}</p> : null}
      {trends.map((trend) => (
        <Card key={trend.key} data-trend={trend.analyte}>
          <CardHeader>
            <CardTitle>
              <span lang="en">{trend.analyte}</span>
              {trend.unit ? <bdi className="text-muted-foreground"> ({trend.unit})</bdi> : null}
            </CardTitle>
            <p className="text-sm text-muted-foreground">{t("Measurements: {{n}}, labs: {{labs}}", { n: trend.points.length, labs: trend.labs })}</p>
          </CardHeader>
          <CardContent className="grid gap-3">
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
                    <td className="p-1">{dateTime(point.date, { dateStyle: "medium" })}</td>
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
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
