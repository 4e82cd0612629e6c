import type { ReactNode } from "react";
import { Field } from "~/components/ui/field";
import { EntityFormDialog } from "~/modules/admin/components/entity-form-dialog";
import { TextField, controlAria } from "~/modules/admin/components/text-field";
import { CATEGORY_FIELD_PREFIX } from "~/modules/catalog/search-term-form-schema";

export type SearchTermValues = {
  id: string;
  term: string;
  language: "en" | "ar";
  words: string[];
  tests: { name: string }[];
  categories: { id: string }[];
};

type Category = { id: string; name: string };

/**
 * Add or edit a synonym (issue 30): the term, its language, and the tests (one per line, by name or
 * address), categories and words it stands for. `prefill` starts a new one from a search.
 */
export function SearchTermFormDialog({
  term,
  prefill,
  categories,
  idPrefix = "synonym",
  trigger,
}: {
  term?: SearchTermValues;
  prefill?: { term: string; language: "en" | "ar" };
  categories: Category[];
  idPrefix?: string;
  trigger?: ReactNode;
}) {
  const values = term ?? prefill;
  const chosen = new Set(term?.categories.map((category) => category.id));
  return (
    <EntityFormDialog entity="Synonym" item={term ? { id: term.id, name: term.term } : undefined} idPrefix={idPrefix} wide trigger={trigger}>
      {({ errors, prefix }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={`${prefix}-term`} name="term" label="Term" required errors={errors} defaultValue={values?.term} hint="As visitors type it: a lay word, an abbreviation, a spelling, a symptom." />
          <Field id={`${prefix}-language`} label="Language" error={errors.language}>
            <select
              id={`${prefix}-language`}
              name="language"
              defaultValue={values?.language ?? "en"}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm"
              {...controlAria(`${prefix}-language`, errors.language)}
            >
              <option value="en">English</option>
              <option value="ar">Arabic (also Arabic typed in Latin letters)</option>
            </select>
          </Field>
          <div className="sm:col-span-2">
            <TextField
              id={`${prefix}-tests`}
              name="tests"
              label="Tests"
              rows={4}
              errors={errors}
              defaultValue={term?.tests.map((test) => test.name).join("\n")}
              hint="One per line: the test's name or its address (slug). A search for the term shows them first."
            />
          </div>
          <div className="sm:col-span-2">
            <TextField
              id={`${prefix}-words`}
              name="words"
              label="Words"
              errors={errors}
              defaultValue={term?.words.join(", ")}
              hint="Searched as well as the term, separated by commas (e.g. glucose for sugar, haemoglobin for hemoglobin)."
            />
          </div>
          <fieldset className="grid gap-2 sm:col-span-2" aria-describedby={errors.categoryIds ? `${prefix}-categories-error` : undefined}>
            <legend className="mb-2 text-sm font-medium">Categories</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {categories.map((category) => (
                <label key={category.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name={`${CATEGORY_FIELD_PREFIX}${category.id}`} defaultChecked={chosen.has(category.id)} />
                  {category.name}
                </label>
              ))}
            </div>
            {errors.categoryIds ? (
              <p id={`${prefix}-categories-error`} className="text-sm text-destructive" role="alert">
                {errors.categoryIds[0]}
              </p>
            ) : null}
          </fieldset>
        </div>
      )}
    </EntityFormDialog>
  );
}
