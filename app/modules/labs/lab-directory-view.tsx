import { FlaskConical, House, MapPin } from "~/components/ui/icons";
import { useTranslation } from "~/i18n/use-translation";
import { useNameTranslator } from "~/i18n/use-name";
import { Link } from "~/i18n/link";
import { LocalizedText } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import type { LabDirectoryEntry } from "~/modules/labs/lab-directory.server";

/** "1 test", "1,234 tests" in the page's language. */
export function useTestCountText() {
  const { t } = useTranslation("catalog");
  const format = useFormat();
  return (count: number) => t("{{count}} tests", { count, formatted: format.number(count) });
}

/** /labs: every active partner lab, with where it is, whether it collects at home, and how many tests it offers. */
export function LabDirectoryView({ labs }: { labs: LabDirectoryEntry[] }) {
  const { t } = useTranslation("catalog");
  const placeName = useNameTranslator();
  const format = useFormat();
  const testCountText = useTestCountText();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("Partner Labs in Abu Dhabi")}</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        {t("Compare {{n}} accredited partner labs: where they are, their opening hours, home collection and their prices for each test.", {
          n: labs.length,
        })}
      </p>
      {labs.length === 0 ? (
        <p className="mt-12 rounded-lg border border-dashed px-6 py-16 text-center text-lg font-medium">{t("No labs yet")}</p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("Partner labs")}>
          {labs.map((lab) => (
            <li key={lab.id} data-testid="lab-card" className="flex flex-col gap-3 rounded-lg border bg-card p-5 shadow-sm">
              <h2 className="text-lg leading-snug font-semibold">
                <Link to={`/labs/${lab.slug}`} className="hover:text-primary hover:underline">
                  <LocalizedText en={lab.name} ar={lab.nameAr} />
                </Link>
              </h2>
              {lab.area ? <p className="text-sm font-medium text-primary">{placeName(lab.area)}</p> : null}
              {lab.address ? (
                <p className="flex gap-2 text-sm text-muted-foreground">
                  <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
                  <LocalizedText className="min-w-0 break-words" en={lab.address} ar={lab.addressAr} />
                </p>
              ) : null}
              <p className="flex gap-2 text-sm">
                <House className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                {lab.homeCollectionFeeFils === null ? (
                  t("Walk-in only")
                ) : (
                  <span>
                    {t("Home collection")} <bdi>{format.money(lab.homeCollectionFeeFils)}</bdi>
                  </span>
                )}
              </p>
              <p className="mt-auto flex gap-2 text-sm font-medium">
                <FlaskConical className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                {testCountText(lab.testCount)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
