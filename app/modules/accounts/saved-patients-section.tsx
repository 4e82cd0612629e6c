import { useFetcher } from "react-router";
import { CsrfField } from "~/components/csrf-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { InputField } from "~/components/ui/input-field";
import { useFormat } from "~/i18n/use-format";
import { useTranslation } from "~/i18n/use-translation";
import type { SavedPatient } from "~/modules/accounts/saved-patients.server";
import { patientSexes } from "~/modules/accounts/patient-sexes";
import { useFormResult, type FormResult } from "~/utils/form-result";

const selectClass = "h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring";

/** One patient's fields: for adding a patient (no `patient`) or changing one. */
function PatientForm({ patient, idPrefix }: { patient?: SavedPatient; idPrefix: string }) {
  const { t } = useTranslation("account");
  const fetcher = useFetcher<FormResult>();
  const errors = useFormResult(fetcher.data);
  const busy = fetcher.state !== "idle";
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <fetcher.Form method="post" noValidate className="grid gap-3" key={patient ? patient.id : "new"}>
      <CsrfField />
      <input type="hidden" name="intent" value="patient-save" />
      {patient ? <input type="hidden" name="patientId" value={patient.id} /> : null}
      <InputField id={id("fullName")} name="fullName" label={t("Full name")} autoComplete="off" maxLength={200} defaultValue={patient?.fullName ?? ""} error={errors.fullName} />
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField id={id("dateOfBirth")} name="dateOfBirth" type="date" label={t("Date of birth")} defaultValue={patient?.dateOfBirth ?? ""} error={errors.dateOfBirth} />
        <Field id={id("sex")} label={t("Sex")} error={errors.sex}>
          <select id={id("sex")} name="sex" defaultValue={patient?.sex ?? ""} className={selectClass}>
            <option value="" disabled>
              {t("Choose...")}
            </option>
            {patientSexes.map((sex) => (
              <option key={sex} value={sex}>
                {sex === "female" ? t("Female") : t("Male")}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField id={id("phone")} name="phone" type="tel" label={t("Phone")} maxLength={30} defaultValue={patient?.phone ?? ""} error={errors.phone} />
        <InputField
          id={id("emiratesId")}
          name="emiratesId"
          label={t("Emirates ID (optional)")}
          inputMode="numeric"
          placeholder="784-YYYY-NNNNNNN-N"
          maxLength={18}
          autoComplete="off"
          defaultValue={patient?.emiratesId ?? ""}
          error={errors.emiratesId}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="isAccountHolder" defaultChecked={patient?.isAccountHolder ?? false} className="size-4" />
        {t("This is me (the account holder)")}
      </label>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? t("Saving...") : patient ? t("Save patient") : t("Add patient")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function RemovePatientButton({ patient }: { patient: SavedPatient }) {
  const { t } = useTranslation("account");
  const fetcher = useFetcher<FormResult>();
  useFormResult(fetcher.data);
  return (
    <fetcher.Form method="post">
      <CsrfField />
      <input type="hidden" name="intent" value="patient-delete" />
      <input type="hidden" name="patientId" value={patient.id} />
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"} aria-label={t("Remove {{name}}", { name: patient.fullName })}>
        {t("Remove")}
      </Button>
    </fetcher.Form>
  );
}

/**
 * The account's saved patients (issue 26): the holder and family members, stored once and picked
 * at booking. Their owner sees the Emirates ID in full.
 */
export function SavedPatientsSection({ patients }: { patients: SavedPatient[] }) {
  const { t } = useTranslation("account");
  const format = useFormat();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{t("Patients")}</h2>
        <p className="text-sm text-muted-foreground">
          {t("You and your family members, saved once and picked when you book. The lab receives the date of birth and sex for the reference ranges.")}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {patients.length === 0 ? <p className="text-sm text-muted-foreground">{t("No patients saved yet.")}</p> : null}
        <ul className="grid gap-3" aria-label={t("Saved patients")}>
          {patients.map((patient) => (
            <li key={patient.id} className="rounded-md border p-3" data-testid="saved-patient">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    {patient.fullName}
                    {patient.isAccountHolder ? <span className="ms-2 text-xs text-muted-foreground">{t("(you)")}</span> : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {format.calendarDate(patient.dateOfBirth)} · {patient.sex === "female" ? t("Female") : t("Male")}
                    {patient.phone ? <> · <bdi>{patient.phone}</bdi></> : null}
                  </p>
                  {patient.emiratesId ? (
                    <p className="text-sm text-muted-foreground">
                      {t("Emirates ID")}: <bdi>{patient.emiratesId}</bdi>
                    </p>
                  ) : null}
                </div>
                <RemovePatientButton patient={patient} />
              </div>
              <details className="mt-2">
                <summary className="cursor-pointer text-sm text-primary">{t("Edit")}</summary>
                <div className="mt-3">
                  <PatientForm patient={patient} idPrefix={`patient-${patient.id}`} />
                </div>
              </details>
            </li>
          ))}
        </ul>
        <details open={patients.length === 0} className="rounded-md border p-3">
          <summary className="cursor-pointer font-medium">{t("Add a patient")}</summary>
          <div className="mt-3">
            <PatientForm idPrefix="new-patient" />
          </div>
        </details>
      </CardContent>
    </Card>
  );
}
