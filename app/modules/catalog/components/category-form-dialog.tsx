import { Field } from "~/components/ui/field";
import { EntityFormDialog } from "~/modules/admin/components/entity-form-dialog";
import { TextField } from "~/modules/admin/components/text-field";

type Category = { id: string; name: string; description: string | null; icon: string | null };

export function CategoryFormDialog({ category }: { category?: Category }) {
  return (
    <EntityFormDialog entity="Category" item={category} idPrefix="category">
      {({ errors, prefix }) => (
        <>
          <TextField id={`${prefix}-name`} name="name" label="Name" errors={errors} required defaultValue={category?.name} />
          <TextField id={`${prefix}-description`} name="description" label="Description" errors={errors} multiline defaultValue={category?.description} />
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
        </>
      )}
    </EntityFormDialog>
  );
}
