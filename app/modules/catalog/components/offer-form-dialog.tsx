import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { EntityFormDialog } from "~/modules/admin/components/entity-form-dialog";
import { controlAria, TextField } from "~/modules/admin/components/text-field";
import type { FieldErrors } from "~/utils/form-result";
import { filsToAed, formatAed } from "~/utils/money";

type Offer = {
  id: string;
  testId: string;
  testName: string;
  priceFils: number;
  resultHours: number | null;
  walkIn: boolean;
  homeCollection: boolean;
  isActive: boolean;
};

type TestOption = { id: string; name: string; slug: string; priceFils: number };

function Checkbox({ name, label, defaultChecked, disabled, error }: { name: string; label: string; defaultChecked: boolean; disabled?: boolean; error?: string[] }) {
  return (
    <div className="grid gap-1">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="hidden" name={name} value="false" />
        <input type="checkbox" name={name} value="true" defaultChecked={defaultChecked} disabled={disabled} className="size-4 accent-primary" />
        {label}
      </label>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error[0]}
        </p>
      ) : null}
    </div>
  );
}

/** The test of a new offer, chosen by searching the catalogue (tests the lab offers already are left out). */
function TestPicker({ optionsUrl, prefix, errors }: { optionsUrl: string; prefix: string; errors: FieldErrors }) {
  const [search, setSearch] = useState("");
  const options = useFetcher<{ tests: TestOption[] }>();
  const listId = useId();
  const { load } = options;
  useEffect(() => {
    if (!search.trim()) return;
    const timer = setTimeout(() => load(`${optionsUrl}?q=${encodeURIComponent(search.trim())}`), 250);
    return () => clearTimeout(timer);
  }, [search, optionsUrl, load]);
  const tests = search.trim() ? (options.data?.tests ?? []) : [];
  return (
    <Field id={`${prefix}-test-search`} label="Test" error={errors.testId}>
      <Input
        id={`${prefix}-test-search`}
        type="search"
        placeholder="Search tests by name"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        autoComplete="off"
        {...controlAria(`${prefix}-test-search`, errors.testId)}
      />
      <div role="radiogroup" aria-label="Matching tests" id={listId} className="grid max-h-48 gap-1 overflow-y-auto" aria-busy={options.state !== "idle"}>
        {tests.map((test) => (
          <label key={test.id} className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary">
            <input type="radio" name="testId" value={test.id} className="accent-primary" />
            <span className="flex-1">{test.name}</span>
            <span className="text-muted-foreground">{formatAed(test.priceFils)}</span>
          </label>
        ))}
        {search.trim() && options.state === "idle" && options.data && tests.length === 0 ? (
          <p className="text-sm text-muted-foreground">No test matches, or the lab offers every match already.</p>
        ) : null}
      </div>
    </Field>
  );
}

/**
 * Add an offer to a lab (no offer) or edit one: price, result time, collection types and status.
 * `testOptionsUrl` answers the test search of a new offer (the admin's, or the partner portal's).
 */
export function OfferFormDialog({
  labId,
  offer,
  homeCollectionAvailable,
  testOptionsUrl = `/admin/labs/${labId}/offers/test-options`,
}: {
  labId: string;
  offer?: Offer;
  homeCollectionAvailable: boolean;
  testOptionsUrl?: string;
}) {
  return (
    <EntityFormDialog entity="Offer" item={offer ? { id: offer.id, name: offer.testName } : undefined} idPrefix="offer">
      {({ errors, prefix }) => (
        <>
          <input type="hidden" name="labId" value={labId} />
          {offer ? (
            <>
              <input type="hidden" name="testId" value={offer.testId} />
              <p className="text-sm">
                <span className="font-medium">Test:</span> {offer.testName}
              </p>
            </>
          ) : (
            <TestPicker optionsUrl={testOptionsUrl} prefix={prefix} errors={errors} />
          )}
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
              defaultValue={offer ? filsToAed(offer.priceFils).toFixed(2) : ""}
            />
            <TextField
              id={`${prefix}-resultHours`}
              name="resultHours"
              label="Result time (hours)"
              errors={errors}
              type="number"
              min={1}
              step={1}
              defaultValue={offer?.resultHours != null ? String(offer.resultHours) : ""}
            />
          </div>
          <Checkbox name="walkIn" label="Walk-in" defaultChecked={offer?.walkIn ?? true} error={errors.walkIn} />
          <Checkbox
            name="homeCollection"
            label={homeCollectionAvailable ? "Home collection" : "Home collection (set the lab's home-collection fee first)"}
            defaultChecked={offer?.homeCollection ?? false}
            disabled={!homeCollectionAvailable && !offer?.homeCollection}
            error={errors.homeCollection}
          />
          <Checkbox name="isActive" label="Active" defaultChecked={offer?.isActive ?? true} />
        </>
      )}
    </EntityFormDialog>
  );
}
