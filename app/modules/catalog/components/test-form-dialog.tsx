import { Link } from "react-router";
import { Field } from "~/components/ui/field";
import { EntityFormDialog } from "~/modules/admin/components/entity-form-dialog";
import { controlAria, TextField, TextFields, type TextFieldSpec } from "~/modules/admin/components/text-field";
import { filsToAed } from "~/utils/money";
import type { FieldErrors } from "~/utils/form-result";
import type { ReferralRequirement } from "~/modules/catalog/referral-requirement";

/** The referral setting's choices as the admin reads them (issue 26). */
const referralOptions: { value: ReferralRequirement; label: string }[] = [
  { value: "none", label: "No referral needed" },
  { value: "doctor_name", label: "Checkbox with the doctor's name" },
  { value: "upload", label: "Upload of the referral" },
];

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
  referralRequirement?: ReferralRequirement;
  /** The test's own VAT; null = its category's (issue 29). */
  vatRate?: "standard" | "zero" | null;
  nameAr: string | null;
  descriptionAr: string | null;
  preparationInstructionsAr: string | null;
  whyYouNeedThisTestAr: string | null;
  /** Live lab offers: with any, the price is the lowest offer's and is edited in the offers (decision 0011). */
  offerCount?: number;
};

type Category = { id: string; name: string };

/** The VAT choices (issue 29, decision 0065): the category's by default, or the test's own. */
const vatOptions: { value: "" | "standard" | "zero"; label: string }[] = [
  { value: "", label: "As its category" },
  { value: "standard", label: "Standard (5%)" },
  { value: "zero", label: "Zero-rated (0%)" },
];

const textFields: TextFieldSpec[] = [
  { name: "resultTime", label: "Result time", placeholder: "e.g. 24-48 hours" },
  { name: "cptCode", label: "CPT code" },
  { name: "transportTemperature", label: "Transport temperature", placeholder: "e.g. Refrigerated" },
  { name: "specimen", label: "Specimen", placeholder: "e.g. Serum" },
];

const richText = (name: string, label: string, labelAr: string): TextFieldSpec => ({
  name,
  label,
  labelAr,
  rows: 4,
  richText: true,
  hint: "HTML supported (paragraphs, lists, links, emphasis).",
});

/** The name in English and, beside it, in Arabic (issue 14: both languages side by side). */
const nameFields: TextFieldSpec[] = [{ name: "name", label: "Name", labelAr: "الاسم", required: true }];

/** The featured image and the rich texts, below the two columns; "Why you need this test" only on an existing test. */
const richTextFields: TextFieldSpec[] = [
  { name: "featuredImage", label: "Featured image URL", type: "url", placeholder: "https://" },
  richText("description", "Description", "الوصف"),
  richText("preparationInstructions", "Preparation instructions", "تعليمات التحضير"),
];
const whyYouNeedThisTest = richText("whyYouNeedThisTest", "Why you need this test", "لماذا تحتاج هذا الفحص");

/** Add Test (no test) or edit a test; "Why you need this test" is edited only on an existing test. */
export function TestFormDialog({ test, categories }: { test?: Test; categories: Category[] }) {
  return (
    <EntityFormDialog entity="Test" item={test} idPrefix="test" wide>
      {({ errors, prefix }) => (
        <>
          <TextFields prefix={prefix} fields={nameFields} errors={errors} values={test} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id={`${prefix}-price`}
              name="price"
              label="Price (AED)"
              errors={errors}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              required
              defaultValue={test ? filsToAed(test.priceFils).toFixed(2) : ""}
              {...(test?.offerCount
                ? {
                    readOnly: true,
                    hint: (
                      <>
                        Lowest of {test.offerCount} lab {test.offerCount === 1 ? "offer" : "offers"}; set by the labs&apos; prices.{" "}
                        <Link to={`/admin/tests/${test.id}/offers`} className="font-medium text-primary underline">
                          Edit offers
                        </Link>
                      </>
                    ),
                  }
                : {})}
            />
            <SelectField
              id={`${prefix}-categoryId`}
              name="categoryId"
              label="Category"
              errors={errors}
              defaultValue={test?.categoryId ?? ""}
              options={[{ value: "", label: "No category" }, ...categories.map((category) => ({ value: category.id, label: category.name }))]}
            />
            <TextFields prefix={prefix} fields={textFields} errors={errors} values={test} />
            <SelectField
              id={`${prefix}-referralRequirement`}
              name="referralRequirement"
              label="Needs a doctor's referral"
              errors={errors}
              defaultValue={test?.referralRequirement ?? "none"}
              options={referralOptions}
            />
            <SelectField id={`${prefix}-vatRate`} name="vatRate" label="VAT" errors={errors} defaultValue={test?.vatRate ?? ""} options={vatOptions} />
          </div>
          <TextFields prefix={prefix} fields={test ? [...richTextFields, whyYouNeedThisTest] : richTextFields} errors={errors} values={test} />
        </>
      )}
    </EntityFormDialog>
  );
}

/** A labelled select of the test form with its error wired for screen readers. */
function SelectField({
  id,
  name,
  label,
  errors,
  defaultValue,
  options,
}: {
  id: string;
  name: string;
  label: string;
  errors: FieldErrors;
  defaultValue: string;
  options: { value: string; label: string }[];
}) {
  return (
    <Field id={id} label={label} error={errors[name]}>
      <select
        id={id}
        name={name}
        {...controlAria(id, errors[name])}
        defaultValue={defaultValue}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm aria-[invalid=true]:border-destructive"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
