import { Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { filsToAed } from "~/utils/money";
import { useActionResult, type FieldErrors } from "~/modules/admin/action-result";

type Test = {
  id: string;
  name: string;
  priceFils: number;
  categoryId: string | null;
  description: string | null;
  preparationInstructions: string | null;
  whyYouNeedThisTest: string | null;
  resultTime: string | null;
  featuredImage: string | null;
  cptCode: string | null;
  transportTemperature: string | null;
  specimen: string | null;
};

type Category = { id: string; name: string };

const textFields = [
  { name: "resultTime", label: "Result time", placeholder: "e.g. 24-48 hours" },
  { name: "cptCode", label: "CPT code" },
  { name: "transportTemperature", label: "Transport temperature", placeholder: "e.g. Refrigerated" },
  { name: "specimen", label: "Specimen", placeholder: "e.g. Serum" },
] as const;

/** The error, else the hint, that describes a control to screen readers. */
function describedBy(id: string, error: string[] | undefined, hint: boolean) {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

function RichTextField({ id, name, label, value, errors }: { id: string; name: keyof Test; label: string; value?: string | null; errors: FieldErrors }) {
  const error = errors[name];
  return (
    <Field id={id} label={label} error={error} hint="HTML supported (paragraphs, lists, links, emphasis).">
      <Textarea
        id={id}
        name={name}
        rows={4}
        defaultValue={value ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, true)}
      />
    </Field>
  );
}

/** Add Test (no test) or edit a test; "Why you need this test" is edited only on an existing test. */
export function TestFormDialog({ test, categories }: { test?: Test; categories: Category[] }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  const errors = useActionResult(fetcher, () => setOpen(false));
  const prefix = test ? `test-${test.id}` : "test-new";
  const control = (name: string) => ({
    id: `${prefix}-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": describedBy(`${prefix}-${name}`, errors[name], false),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {test ? (
          <Button variant="ghost" size="icon" aria-label={`Edit ${test.name}`}>
            <Pencil aria-hidden />
          </Button>
        ) : (
          <Button>
            <Plus aria-hidden /> Add Test
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{test ? "Edit Test" : "Add Test"}</DialogTitle>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value={test ? "update" : "create"} />
          {test ? <input type="hidden" name="id" value={test.id} /> : null}
          <Field id={`${prefix}-name`} label="Name" error={errors.name}>
            <Input {...control("name")} required defaultValue={test?.name} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${prefix}-price`} label="Price (AED)" error={errors.price}>
              <Input
                {...control("price")}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                required
                defaultValue={test ? filsToAed(test.priceFils).toFixed(2) : ""}
              />
            </Field>
            <Field id={`${prefix}-categoryId`} label="Category" error={errors.categoryId}>
              <select
                {...control("categoryId")}
                defaultValue={test?.categoryId ?? ""}
                className="h-10 rounded-md border border-input bg-background px-3 text-sm aria-[invalid=true]:border-destructive"
              >
                <option value="">No category</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            </Field>
            {textFields.map((field) => (
              <Field key={field.name} id={`${prefix}-${field.name}`} label={field.label} error={errors[field.name]}>
                <Input {...control(field.name)} placeholder={"placeholder" in field ? field.placeholder : undefined} defaultValue={test?.[field.name] ?? ""} />
              </Field>
            ))}
          </div>
          <Field id={`${prefix}-featuredImage`} label="Featured image URL" error={errors.featuredImage}>
            <Input {...control("featuredImage")} type="url" placeholder="https://" defaultValue={test?.featuredImage ?? ""} />
          </Field>
          <RichTextField id={`${prefix}-description`} name="description" label="Description" value={test?.description} errors={errors} />
          <RichTextField
            id={`${prefix}-preparationInstructions`}
            name="preparationInstructions"
            label="Preparation instructions"
            value={test?.preparationInstructions}
            errors={errors}
          />
          {test ? (
            <RichTextField
              id={`${prefix}-whyYouNeedThisTest`}
              name="whyYouNeedThisTest"
              label="Why you need this test"
              value={test.whyYouNeedThisTest}
              errors={errors}
            />
          ) : null}
          <DialogFooter>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {test ? "Update Test" : "Create Test"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
