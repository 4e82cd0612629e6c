import { EntityFormDialog } from "~/modules/admin/components/entity-form-dialog";
import { TextField, TextFields, type TextFieldSpec } from "~/modules/admin/components/text-field";

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
};

const fields: TextFieldSpec[] = [
  { name: "name", label: "Name", type: "text", required: true },
  { name: "address", label: "Address", type: "text" },
  { name: "contactPhone", label: "Contact phone", type: "tel" },
  { name: "contactEmail", label: "Contact email", type: "email" },
  { name: "logoUrl", label: "Logo URL", type: "url" },
  { name: "bannerUrl", label: "Banner URL", type: "url" },
];

export function LabFormDialog({ lab }: { lab?: Lab }) {
  return (
    <EntityFormDialog entity="Lab" item={lab} idPrefix="lab">
      {({ errors, prefix }) => (
        <>
          <TextFields prefix={prefix} fields={fields} errors={errors} values={lab} />
          <TextField id={`${prefix}-description`} name="description" label="Description" errors={errors} multiline defaultValue={lab?.description} />
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="hidden" name="isActive" value="false" />
            <input
              type="checkbox"
              name="isActive"
              value="true"
              defaultChecked={lab?.isActive ?? true}
              className="size-4 accent-primary"
            />
            Active
          </label>
        </>
      )}
    </EntityFormDialog>
  );
}
