import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useLocalizePath } from "~/i18n/use-language";
import { Field } from "~/components/ui/field";

/** A saved patient as the Book Test form offers it: the name and phone it fills in (the rest stays on the server). */
export type SavedPatientChoice = { id: string; fullName: string; phone: string | null };

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive sm:text-sm";

/**
 * The Book Test form's optional "Patient": one of the account's saved patients (issue 26), or
 * someone else typed below. Choosing one fills the name and phone fields; the server takes the
 * name, phone, date of birth and sex from the saved record. Hidden while the account has none.
 * Without `patients` (the dialog) it loads them from the /book page's loader.
 */
export function SavedPatientSelect({
  idPrefix,
  testId,
  patients,
  error,
}: {
  idPrefix: string;
  testId: string;
  patients?: SavedPatientChoice[];
  error?: string[];
}) {
  const { t } = useTranslation("checkout");
  const localize = useLocalizePath();
  const fetcher = useFetcher<{ patients?: SavedPatientChoice[] }>();
  const { load } = fetcher;
  const path = localize(`/book/${testId}`);
  useEffect(() => {
    if (!patients) void load(path);
  }, [patients, load, path]);
  const choices = patients ?? fetcher.data?.patients ?? [];
  if (choices.length === 0) return null;
  const id = `${idPrefix}-savedPatientId`;

  function choose(event: React.ChangeEvent<HTMLSelectElement>) {
    const chosen = choices.find((patient) => patient.id === event.target.value);
    const form = event.target.form;
    if (!chosen || !form) return;
    const fill = (name: string, value: string) => {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = value;
    };
    fill("patientName", chosen.fullName);
    if (chosen.phone) fill("patientPhone", chosen.phone);
  }

  return (
    <Field id={id} label={t("Patient (optional)")} error={error} hint={t("Date of birth and sex go to the lab from the saved patient.")}>
      <select
        id={id}
        name="savedPatientId"
        defaultValue=""
        onChange={choose}
        className={selectClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
      >
        <option value="">{t("Someone else (the name below)")}</option>
        {choices.map((patient) => (
          <option key={patient.id} value={patient.id}>
            {patient.fullName}
          </option>
        ))}
      </select>
    </Field>
  );
}
