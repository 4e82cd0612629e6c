import { Field } from "~/components/ui/field";
import { EntityFormDialog } from "~/modules/admin/components/entity-form-dialog";
import { TextFields, type TextFieldSpec } from "~/modules/admin/components/text-field";

type Category = { id: string; name: string; description: string | null; icon: string | null; nameAr: string | null; descriptionAr: string | null; vatRate?: string };

/** English and, beside each, Arabic (issue 14). */
const fields: TextFieldSpec[] = [
  { name: "name", label: "Name", labelAr: "الاسم", required: true },
  { name: "description", label: "Description", labelAr: "الوصف", rows: 3 },
];

export function CategoryFormDialog({ category }: { category?: Category }) {
  return (
    <EntityFormDialog entity="Category" item={category} idPrefix="category">
      {({ errors, prefix }) => (
        <>
          <TextFields prefix={prefix} fields={fields} errors={errors} values={category} />
          <Field id={`${prefix}-icon`} label="Icon">
            <select
              id={`${prefix}-icon`}
              name="icon"
              defaultValue={category?.icon ?? "none"}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm"
            >
              <option value="none">None</option>
              <option value="heart">Heart</option>
              <option value="dna">DNA</option>
            </select>
          </Field>
          <Field id={`${prefix}-vatRate`} label="VAT">
            <select
              id={`${prefix}-vatRate`}
              name="vatRate"
              defaultValue={category?.vatRate ?? "standard"}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm"
            >
              <option value="standard">Standard (5%)</option>
              <option value="zero">Zero-rated (0%)</option>
            </select>
          </Field>
        </>
      )}
    </EntityFormDialog>
  );
}
