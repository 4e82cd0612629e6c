import { Form, useActionData, useNavigation } from "react-router";
import { CsrfField } from "~/components/csrf-field";
import { Button } from "~/components/ui/button";
import { TextField, TextFields, type TextFieldSpec } from "~/modules/admin/components/text-field";
import { LabScheduleFields, Section } from "~/modules/catalog/components/lab-form-dialog";
import type { OpeningHours } from "~/modules/slots/collection-types";
import { useFormResult, type FormResult } from "~/utils/form-result";

type LabProfile = {
  name: string;
  nameAr: string | null;
  description: string | null;
  descriptionAr: string | null;
  address: string | null;
  addressAr: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  openingHours: OpeningHours | null;
  closedDates: string[];
  homeCollectionFeeFils: number | null;
  homeCollectionAreas: string[];
  walkInSlotMinutes: number;
  walkInCapacity: number;
  homeSlotMinutes: number;
  homeCapacity: number;
};

type Conflict = { id: string; when: string; collectionType: "walk_in" | "home"; testName: string | null; patientName: string; problem: "no-slot" | "capacity" };
type ProfileAnswer = FormResult<{ conflicts: Conflict[] }>;

const texts: TextFieldSpec[] = [
  { name: "description", label: "Description", labelAr: "الوصف", rows: 3 },
  { name: "address", label: "Address", labelAr: "العنوان" },
  { name: "contactPhone", label: "Contact phone", type: "tel" },
  { name: "contactEmail", label: "Contact email", type: "email" },
];

/** The bookings a refused change would have dropped: move or cancel them first. */
function Conflicts({ conflicts }: { conflicts: Conflict[] }) {
  return (
    <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/5 p-4 text-sm" data-testid="profile-conflicts">
      <p className="font-semibold">Move these bookings first</p>
      <p>This change would drop bookings already made. Move or cancel these bookings first, then save again:</p>
      <ul className="mt-2 list-disc ps-5">
        {conflicts.map((conflict) => (
          <li key={conflict.id}>
            {conflict.when} · {conflict.collectionType === "home" ? "Home collection" : "Walk-in"} · {conflict.testName ?? "Test"} · {conflict.patientName}
            {conflict.problem === "capacity" ? " (slot over the new capacity)" : " (the slot would no longer exist)"}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The lab's profile as its managers edit it: texts in both languages, contact, hours, closed days, home collection, slots. */
export function LabProfileForm({ lab }: { lab: LabProfile }) {
  const answer = useActionData<ProfileAnswer>();
  const errors = useFormResult(answer);
  const busy = useNavigation().state === "submitting";
  const conflicts = answer && !answer.ok ? answer.conflicts : undefined;
  const prefix = "profile";
  return (
    <Form method="post" className="grid gap-4" noValidate>
      <CsrfField />
      {conflicts?.length ? <Conflicts conflicts={conflicts} /> : null}
      <Section title="About the lab">
        <p className="text-sm">
          <span className="font-medium">Name:</span> {lab.name} <span className="text-muted-foreground">(changed by the site's admins)</span>
        </p>
        <TextField id={`${prefix}-nameAr`} name="nameAr" label="الاسم" arabic errors={errors} defaultValue={lab.nameAr} />
        <TextFields prefix={prefix} fields={texts} errors={errors} values={lab} />
      </Section>
      <Section title="Closed days">
        <TextField
          id={`${prefix}-closedDates`}
          name="closedDates"
          label="Dates the lab is closed"
          errors={errors}
          rows={3}
          hint="Holidays such as Eid: one date per line or comma-separated, e.g. 2026-03-20. No slots are offered on these days."
          defaultValue={lab.closedDates.join("\n")}
        />
      </Section>
      <LabScheduleFields prefix={prefix} errors={errors} lab={lab} />
      <div>
        <Button type="submit" disabled={busy}>
          Save lab profile
        </Button>
      </div>
    </Form>
  );
}
