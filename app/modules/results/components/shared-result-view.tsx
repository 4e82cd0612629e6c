// The page a shared link opens (the doctor's view): that result only, no account, no navigation to
// anything else of the patient's.
import { useFormat } from "~/i18n/use-format";
import { useTranslation } from "~/i18n/use-translation";
import type { ResultView } from "~/modules/results/patient-results.server";
import { ResultVersions } from "~/modules/results/components/patient-results-view";

export function SharedResultView({ view, token, expiresAt }: { view: ResultView; token: string; expiresAt: string }) {
  const { t } = useTranslation("results");
  const { dateTime } = useFormat();
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <div>
        <h1 className="text-2xl font-bold">{t("Shared result")}</h1>
        <p className="text-muted-foreground">
          {view.testName} · {view.labName} · {t("Patient: {{name}}", { name: view.patientName })}
        </p>
        <p className="text-sm text-muted-foreground">{t("The patient shared this result with you. The link works until {{date}}.", { date: dateTime(expiresAt) })}</p>
      </div>
      <ResultVersions view={view} reportHref={(version) => `/results/shared/${token}/report?v=${version}`} />
    </div>
  );
}
