import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { EntityFormDialog } from "~/modules/admin/components/entity-form-dialog";
import { controlAria, TextField, TextFields, type TextFieldSpec } from "~/modules/admin/components/text-field";
import { ABU_DHABI_AREAS, closeField, openField } from "~/modules/catalog/schemas";
import { WEEKDAY_NAMES } from "~/modules/slots/collection-types";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import type { FieldErrors } from "~/utils/form-result";
import { filsToAed } from "~/utils/money";

type Lab = {
  id: string;
  name: string;
  description: string | null;
  address: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  isActive: boolean;
  logoUrl: string | null;
  bannerUrl: string | null;
  area: string | null;
  latitude: number | null;
  longitude: number | null;
  openingHours: OpeningHours | null;
  homeCollectionFeeFils: number | null;
  homeCollectionAreas: string[];
  walkInSlotMinutes: number;
  walkInCapacity: number;
  homeSlotMinutes: number;
  homeCapacity: number;
  nameAr: string | null;
  descriptionAr: string | null;
  addressAr: string | null;
};

const fields: TextFieldSpec[] = [
  { name: "name", label: "Name", labelAr: "الاسم", type: "text", required: true },
  { name: "address", label: "Address", labelAr: "العنوان", type: "text" },
  { name: "contactPhone", label: "Contact phone", type: "tel" },
  { name: "contactEmail", label: "Contact email", type: "email" },
  { name: "logoUrl", label: "Logo URL", type: "url" },
  { name: "bannerUrl", label: "Banner URL", type: "url" },
];

const descriptionFields: TextFieldSpec[] = [{ name: "description", label: "Description", labelAr: "الوصف", rows: 3 }];

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

/** A titled group of a lab form's fields. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-md border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The weekly opening hours: one row per weekday with its opening and closing time; both blank = closed. */
function OpeningHoursFields({ prefix, errors, hours }: { prefix: string; errors: FieldErrors; hours: OpeningHours | null | undefined }) {
  return (
    <Section title="Opening hours">
      <p className="text-xs text-muted-foreground">Asia/Dubai time. Leave both times empty on a day the lab is closed; without any hours the lab has no slots.</p>
      <div className="grid gap-3">
        {weekdays.map((day) => {
          const open = openField(day);
          const close = closeField(day);
          const error = errors[open] ?? errors[close];
          return (
            <div key={day} className="grid gap-1">
              <div className="grid grid-cols-[5.5rem_1fr_1fr] items-center gap-2">
                <span className="text-sm font-medium" id={`${prefix}-${day}-label`}>
                  {WEEKDAY_NAMES[day]}
                </span>
                <Input
                  id={`${prefix}-${open}`}
                  name={open}
                  type="time"
                  aria-label={`${WEEKDAY_NAMES[day]} opens`}
                  defaultValue={hours?.[day]?.open ?? ""}
                  {...controlAria(`${prefix}-${day}`, error)}
                />
                <Input
                  id={`${prefix}-${close}`}
                  name={close}
                  type="time"
                  aria-label={`${WEEKDAY_NAMES[day]} closes`}
                  defaultValue={hours?.[day]?.close ?? ""}
                  {...controlAria(`${prefix}-${day}`, error)}
                />
              </div>
              {error ? (
                <p id={`${prefix}-${day}-error`} role="alert" className="text-sm text-destructive">
                  {error[0]}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </Section>
  );
}

type LabSchedule = Pick<Lab, "openingHours" | "homeCollectionFeeFils" | "homeCollectionAreas" | "walkInSlotMinutes" | "walkInCapacity" | "homeSlotMinutes" | "homeCapacity">;

/**
 * A lab's opening hours, home collection and slot settings: the admin's lab form and the partner
 * portal's lab profile (its managers) show the same fields.
 */
export function LabScheduleFields({ prefix, errors, lab }: { prefix: string; errors: FieldErrors; lab?: LabSchedule }) {
  return (
    <>
      <OpeningHoursFields prefix={prefix} errors={errors} hours={lab?.openingHours} />

      <Section title="Home collection">
        <TextField
          id={`${prefix}-homeCollectionFee`}
          name="homeCollectionFee"
          label="Home-collection fee (AED)"
          errors={errors}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          hint="Usually AED 30-50. Leave empty when the lab offers no home collection."
          defaultValue={lab?.homeCollectionFeeFils != null ? filsToAed(lab.homeCollectionFeeFils).toFixed(2) : ""}
        />
        <TextField
          id={`${prefix}-homeCollectionAreas`}
          name="homeCollectionAreas"
          label="Areas served"
          errors={errors}
          rows={2}
          hint="Comma-separated or one per line, e.g. Al Reem Island, Khalifa City"
          defaultValue={lab?.homeCollectionAreas.join(", ")}
        />
      </Section>

      <Section title="Slots">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={`${prefix}-walkInSlotMinutes`} name="walkInSlotMinutes" label="Walk-in slot length (minutes)" errors={errors} type="number" min={5} step={5} defaultValue={numberText(lab?.walkInSlotMinutes ?? 30)} />
          <TextField id={`${prefix}-walkInCapacity`} name="walkInCapacity" label="Walk-in capacity per slot" errors={errors} type="number" min={0} step={1} defaultValue={numberText(lab?.walkInCapacity ?? 4)} />
          <TextField id={`${prefix}-homeSlotMinutes`} name="homeSlotMinutes" label="Home-collection slot length (minutes)" errors={errors} type="number" min={5} step={5} defaultValue={numberText(lab?.homeSlotMinutes ?? 60)} />
          <TextField id={`${prefix}-homeCapacity`} name="homeCapacity" label="Home-collection capacity per slot" errors={errors} type="number" min={0} step={1} defaultValue={numberText(lab?.homeCapacity ?? 2)} />
        </div>
      </Section>
    </>
  );
}

/**
 * Add Lab (no lab) or edit a lab: the spec's fields, location, hours, home collection and slot
 * settings; `after` comes under the form in the same dialog (the lab's managers).
 */
export function LabFormDialog({ lab, after }: { lab?: Lab; after?: React.ReactNode }) {
  return (
    <EntityFormDialog entity="Lab" item={lab} idPrefix="lab" wide after={after}>
      {({ errors, prefix }) => (
        <>
          <TextFields prefix={prefix} fields={fields} errors={errors} values={lab} />
          <TextFields prefix={prefix} fields={descriptionFields} errors={errors} values={lab} />
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="hidden" name="isActive" value="false" />
            <input type="checkbox" name="isActive" value="true" defaultChecked={lab?.isActive ?? true} className="size-4 accent-primary" />
            Active
          </label>

          <Section title="Location">
            <Field id={`${prefix}-area`} label="Area" error={errors.area}>
              <Input
                id={`${prefix}-area`}
                name="area"
                list={`${prefix}-area-options`}
                placeholder="e.g. Al Reem Island"
                defaultValue={lab?.area ?? ""}
                {...controlAria(`${prefix}-area`, errors.area)}
              />
            </Field>
            <datalist id={`${prefix}-area-options`}>
              {ABU_DHABI_AREAS.map((area) => (
                <option key={area} value={area} />
              ))}
            </datalist>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField id={`${prefix}-latitude`} name="latitude" label="Latitude" errors={errors} inputMode="decimal" placeholder="e.g. 24.4539" defaultValue={numberText(lab?.latitude)} />
              <TextField id={`${prefix}-longitude`} name="longitude" label="Longitude" errors={errors} inputMode="decimal" placeholder="e.g. 54.3773" defaultValue={numberText(lab?.longitude)} />
            </div>
          </Section>

          <LabScheduleFields prefix={prefix} errors={errors} lab={lab} />
        </>
      )}
    </EntityFormDialog>
  );
}
