import { useTranslation } from "~/i18n/use-translation";
import type { ComponentProps, ReactNode } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { DatePickerField } from "~/modules/booking/date-picker-field";
import { DEFAULT_BOOKING_TIME } from "~/utils/dubai-date";
import type { PatientDetailsErrors } from "~/modules/booking/schemas";

export type PatientDetailsValues = Partial<
  Record<"patientName" | "patientEmail" | "patientPhone" | "scheduledDate" | "scheduledTime" | "notes", string | null>
>;

function describedBy(id: string, error: unknown) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

/**
 * Patient name, email, phone, date (today or later in Abu Dhabi), time (default 09:00; none
 * where each line's slot grid gives the time) and notes: the fields of the booking form and of checkout's details step. A form choosing lab
 * slots passes `onDateChange`, a controlled `time` with `onTimeChange`, and its `slotPicker`
 * (shown under the date and time).
 */
export function PatientDetailsFields({
  idPrefix,
  values = {},
  errors = {},
  onDateChange,
  time,
  onTimeChange,
  slotPicker,
  withTime = true,
}: {
  idPrefix: string;
  /** false: the form picks its times in each line's slot grid (checkout), so it has no time of its own. */
  withTime?: boolean;
  values?: PatientDetailsValues;
  errors?: PatientDetailsErrors;
  onDateChange?: (date: string) => void;
  time?: string;
  onTimeChange?: (time: string) => void;
  slotPicker?: ReactNode;
}) {
  const { t } = useTranslation("checkout");
  const id = (name: string) => `${idPrefix}-${name}`;
  const input = (name: "patientName" | "patientEmail" | "patientPhone", label: string, props: ComponentProps<typeof Input>) => (
    <Field id={id(name)} label={label} error={errors[name]}>
      <Input id={id(name)} name={name} defaultValue={values[name] ?? ""} {...props} {...describedBy(id(name), errors[name])} />
    </Field>
  );
  return (
    <div className="grid gap-4">
      {input("patientName", t("Patient Name"), { autoComplete: "name", required: true, maxLength: 200 })}
      {input("patientEmail", t("Email"), { type: "email", autoComplete: "email", required: true })}
      {input("patientPhone", t("Phone (optional)"), { type: "tel", autoComplete: "tel", maxLength: 30 })}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("scheduledDate")} label={t("Preferred Date")} error={errors.scheduledDate}>
          <DatePickerField
            id={id("scheduledDate")}
            name="scheduledDate"
            defaultValue={values.scheduledDate}
            invalid={Boolean(errors.scheduledDate)}
            describedBy={errors.scheduledDate ? `${id("scheduledDate")}-error` : undefined}
            onChange={onDateChange}
          />
        </Field>
        {withTime ? (
          <Field id={id("scheduledTime")} label={t("Preferred Time")} error={errors.scheduledTime}>
            <Input
              id={id("scheduledTime")}
              name="scheduledTime"
              type="time"
              required
              {...(time !== undefined && onTimeChange
                ? { value: time, onChange: (event: React.ChangeEvent<HTMLInputElement>) => onTimeChange(event.target.value) }
                : { defaultValue: values.scheduledTime ?? DEFAULT_BOOKING_TIME })}
              {...describedBy(id("scheduledTime"), errors.scheduledTime)}
            />
          </Field>
        ) : null}
      </div>
      {slotPicker}
      <Field id={id("notes")} label={t("Notes (optional)")} error={errors.notes}>
        <Textarea
          id={id("notes")}
          name="notes"
          maxLength={2000}
          rows={3}
          defaultValue={values.notes ?? ""}
          {...describedBy(id("notes"), errors.notes)}
        />
      </Field>
    </div>
  );
}
