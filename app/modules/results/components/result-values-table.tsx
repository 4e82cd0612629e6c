// A result's values as a table: value, unit, range, and the flag as colour AND text (never
// colour alone). Shared by the patient's page, the shared link's page and the admin's break-glass.
import { useTranslation } from "~/i18n/use-translation";
import type { ResultFlag } from "~/modules/results/result-values";

type ShownValue = { analyte: string; value: string; unit: string | null; range: string | null; flag: ResultFlag | null; loinc: string | null };

export const FLAG_CLASS: Record<ResultFlag, string> = {
  high: "bg-red-100 text-red-900 ring-1 ring-red-300",
  low: "bg-amber-100 text-amber-900 ring-1 ring-amber-300",
  normal: "bg-emerald-100 text-emerald-900 ring-1 ring-emerald-300",
};

export function FlagBadge({ flag }: { flag: ResultFlag }) {
  const { t } = useTranslation("results");
  const label = flag === "high" ? t("High") : flag === "low" ? t("Low") : t("Normal");
  return (
    <span className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-semibold ${FLAG_CLASS[flag]}`} data-flag={flag}>
      <span aria-hidden>{flag === "high" ? "▲" : flag === "low" ? "▼" : "●"}</span>
      {label}
    </span>
  );
}

export function ResultValuesTable({ values }: { values: ShownValue[] }) {
  const { t } = useTranslation("results");
  if (values.length === 0) return <p className="text-sm text-muted-foreground">{t("The lab sent the report without separate values: see the PDF.")}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b">
            <th className="p-2 text-start font-medium">{t("Analyte")}</th>
            <th className="p-2 text-start font-medium">{t("Value")}</th>
            <th className="p-2 text-start font-medium">{t("Reference range")}</th>
            <th className="p-2 text-start font-medium">{t("Flag")}</th>
          </tr>
        </thead>
        <tbody>
          {values.map((value, index) => (
            <tr key={index} className="border-b last:border-0">
              <td className="p-2" lang="en">
                {value.analyte}
              </td>
              <td className="p-2">
                <bdi>
                  {value.value}
                  {value.unit ? ` ${value.unit}` : ""}
                </bdi>
              </td>
              <td className="p-2">
                <bdi>
                  {value.range ?? "—"}
                  {value.range && value.unit && /\d/.test(value.range) ? ` ${value.unit}` : ""}
                </bdi>
              </td>
              <td className="p-2">{value.flag ? <FlagBadge flag={value.flag} /> : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
