import { useTranslation } from "~/i18n/use-translation";
import { useNameTranslator } from "~/i18n/use-name";
import { useFormat } from "~/i18n/use-format";
import { localizedField } from "~/i18n/localized-field";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { cn } from "~/utils/cn";
import { DEFAULT_BOOKING_TIME } from "~/utils/dubai-date";
import { SlotPicker } from "~/modules/booking/booking-choices-fields";
import { needsFasting, slotsForFasting } from "~/modules/booking/fasting";
import { SlotPreparation } from "~/modules/booking/slot-preparation";
import type { BookingOptions } from "~/modules/booking/booking-options";
import { lineReferralErrorKey } from "~/modules/booking/referral";
import { ReferralFields } from "~/modules/booking/referral-fields";
import {
  lineErrorKey,
  lineField,
  linePatientsErrorKey,
  unitPatientField,
  type CheckoutLineView,
  type PatientChoice,
} from "~/modules/checkout/line-choices";
import { useMessageTranslator } from "~/i18n/use-message";
import type { CollectionType } from "~/modules/slots/collection-types";
import type { FieldErrors } from "~/utils/form-result";

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive sm:text-sm";

function slotsUrl(testId: string, labId: string, type: CollectionType, date: string) {
  return `/api/slots?${new URLSearchParams({ test: testId, lab: labId, type, date })}`;
}

/**
 * Who each unit of a line is for (issue 26: a quantity of two is two patients): one select per
 * unit among the account's saved patients, "the patient in the details form" by default.
 */
function UnitPatients({ line, patients, testName, error }: { line: CheckoutLineView; patients: PatientChoice[]; testName: string; error?: string }) {
  const { t } = useTranslation("checkout");
  const translate = useMessageTranslator();
  if (patients.length === 0) return null;
  const errorId = `checkout-${line.testId}-patients-error`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {line.patientIds.map((patientId, unit) => {
        const id = `checkout-${line.testId}-patient-${unit}`;
        return (
          <Field
            key={unit}
            id={id}
            label={line.quantity > 1 ? t("Patient {{n}} for {{test}}", { n: unit + 1, test: testName }) : t("Patient for {{test}}", { test: testName })}
          >
            <select
              id={id}
              name={unitPatientField(line.testId, unit)}
              defaultValue={patientId}
              className={selectClass}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              data-testid="unit-patient"
            >
              <option value="">{t("The patient in the details form")}</option>
              {patients.map((patient) => (
                <option key={patient.id} value={patient.id}>
                  {patient.fullName}
                </option>
              ))}
            </select>
          </Field>
        );
      })}
      {error ? (
        <p id={errorId} className="text-sm text-destructive sm:col-span-2" role="alert">
          {translate(error)}
        </p>
      ) : null}
    </div>
  );
}

/** The doctor's referral a line's test asks for (issue 26), with what the line already holds. */
function LineReferral({ line, testName, error }: { line: CheckoutLineView; testName: string; error?: string }) {
  return (
    <ReferralFields
      requirement={line.referral}
      idPrefix={`checkout-${line.testId}`}
      testId={line.testId}
      testName={testName}
      error={error}
      kept={{ doctorName: line.referralDoctorName, hasFile: line.hasReferralFile }}
    />
  );
}

/**
 * One checkout line's choices: the lab (cheapest first), walk-in or home collection (with the
 * address and one of the areas the lab serves), and its slot among the lab's times on the
 * appointment date: the slot is the line's appointment time (there is no other).
 */
function LineChoice({
  line,
  date,
  initialDate,
  error,
  patients,
  patientsError,
  referralError,
}: {
  line: CheckoutLineView;
  date: string;
  initialDate: string;
  error?: string;
  patients: PatientChoice[];
  patientsError?: string;
  referralError?: string;
}) {
  const [labId, setLabId] = useState(line.labId ?? line.labs[0]?.labId ?? "");
  const [type, setType] = useState<CollectionType>(line.collectionType);
  // The line's appointment time is its slot: the one saved, or the spec's default 09:00 until another is picked.
  const [slotTime, setSlotTime] = useState(line.slotTime || DEFAULT_BOOKING_TIME);
  const fetcher = useFetcher<BookingOptions>();
  const { load } = fetcher;
  // The server's slots serve while the choices are the saved ones; a form refused before the date
  // was ever saved has none for it, and loads them like a changed choice.
  const serverSlots = labId === line.labId && type === line.collectionType && date === initialDate && line.slots !== null;
  useEffect(() => {
    if (!serverSlots && date && labId) void load(slotsUrl(line.testId, labId, type, date));
  }, [serverSlots, load, line.testId, labId, type, date]);

  const lab = line.labs.find((choice) => choice.labId === labId) ?? line.labs[0];
  const fetched = fetcher.data;
  const slots = serverSlots
    ? line.slots
    : fetched && fetched.labId === labId && fetched.type === type && fetched.date === date
      ? fetched.slots
      : null;
  const id = (name: string) => `checkout-${line.testId}-${name}`;
  const errorId = id("error");

  function chooseLab(next: string) {
    setLabId(next);
    const choice = line.labs.find((candidate) => candidate.labId === next);
    if (choice && type === "home" && !choice.homeCollection) setType("walk_in");
    if (choice && type === "walk_in" && !choice.walkIn) setType("home");
  }

  const { t } = useTranslation("checkout");
  const placeName = useNameTranslator();
  const format = useFormat();
  const testName = localizedField(line.testName, line.testNameAr, format.language);
  return (
    <fieldset
      className={cn("grid gap-4 rounded-md border p-4", error && "border-destructive")}
      aria-describedby={error ? errorId : undefined}
      data-testid="checkout-line"
    >
      <legend className="px-1 font-medium">
        <bdi lang={testName.lang}>{testName.text}</bdi> × {line.quantity}
      </legend>
      {error ? (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
      <UnitPatients line={line} patients={patients} testName={testName.text} error={patientsError} />
      <LineReferral line={line} testName={testName.text} error={referralError} />
      <Field id={id("lab")} label={t("Lab for {{test}}", { test: testName.text })}>
        <select
          id={id("lab")}
          name={lineField("labId", line.testId)}
          value={lab.labId}
          onChange={(event) => chooseLab(event.target.value)}
          className={selectClass}
        >
          {line.labs.map((choice, index) => (
            <option key={choice.labId} value={choice.labId}>
              {localizedField(choice.labName, choice.labNameAr, format.language).text}
              {choice.area ? ` · ${placeName(choice.area)}` : ""} · {format.money(choice.priceFils)}
              {index === 0 ? ` ${t("(cheapest)")}` : ""}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("Collection for {{test}}", { test: testName.text })}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className={cn("flex items-center gap-2 text-sm", !lab.walkIn && "opacity-50")}>
            <input
              type="radio"
              name={lineField("collectionType", line.testId)}
              value="walk_in"
              checked={type === "walk_in"}
              disabled={!lab.walkIn}
              onChange={() => setType("walk_in")}
            />
            {t("Walk-in at the lab")}
          </label>
          <label className={cn("flex items-center gap-2 text-sm", !lab.homeCollection && "opacity-50")}>
            <input
              type="radio"
              name={lineField("collectionType", line.testId)}
              value="home"
              checked={type === "home"}
              disabled={!lab.homeCollection}
              onChange={() => setType("home")}
            />
            {t("Home collection")}
            {lab.homeCollection && lab.homeCollectionFeeFils !== null
              ? ` (+${format.money(lab.homeCollectionFeeFils)})`
              : ` ${t("(not offered by this lab)")}`}
          </label>
        </div>
      </fieldset>
      {type === "home" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={id("address")}
            label={t("Home collection address for {{test}}", {
              test: testName.text,
            })}
          >
            <Input
              id={id("address")}
              name={lineField("homeAddress", line.testId)}
              autoComplete="street-address"
              maxLength={300}
              defaultValue={line.homeAddress ?? ""}
            />
          </Field>
          <Field id={id("area")} label={t("Area for {{test}}", { test: testName.text })}>
            <select id={id("area")} name={lineField("homeArea", line.testId)} defaultValue={line.homeArea ?? ""} className={selectClass}>
              <option value="">{t("Choose your area")}</option>
              {lab.homeCollectionAreas.map((area) => (
                <option key={area} value={area}>
                  {placeName(area)}
                </option>
              ))}
            </select>
          </Field>
        </div>
      ) : null}
      <input type="hidden" name={lineField("slotTime", line.testId)} value={slotTime} />
      <SlotPicker
        idPrefix={id("slot")}
        labName={localizedField(lab.labName, lab.labNameAr, format.language).text}
        date={date || null}
        slots={slots ? slotsForFasting(slots, needsFasting(line.preparation?.en)) : null}
        time={slotTime}
        onPick={setSlotTime}
        loading={fetcher.state !== "idle"}
      />
      <SlotPreparation preparation={line.preparation} time={slotTime} />
    </fieldset>
  );
}

/** The details step's "Your tests" section: the choices of every line whose test labs offer. */
export function CheckoutLineChoices({
  lines,
  date,
  initialDate,
  errors,
  patients = [],
}: {
  lines: CheckoutLineView[];
  date: string;
  initialDate: string;
  errors?: FieldErrors;
  /** The account's saved patients: each unit of a line may be one of them. */
  patients?: PatientChoice[];
}) {
  const { t } = useTranslation("checkout");
  const format = useFormat();
  const choosable = lines.filter((line) => line.labs.length > 0);
  // A test no lab offers has no lab or time to choose, but its units still have patients, and its referral.
  const withoutLabs = lines.filter((line) => line.labs.length === 0 && (patients.length > 0 || line.referral !== "none"));
  if (choosable.length === 0 && withoutLabs.length === 0) return null;
  return (
    <section aria-labelledby="checkout-lines-heading" className="grid gap-4">
      <h2 id="checkout-lines-heading" className="text-lg font-semibold">
        {t("Labs and times")}
      </h2>
      <p className="text-sm text-muted-foreground">
        {t("Each test is booked at the cheapest lab, walk-in, at the appointment date and time unless you choose otherwise.")}
      </p>
      {choosable.map((line) => (
        <LineChoice
          key={line.testId}
          line={line}
          date={date}
          initialDate={initialDate}
          error={errors?.[lineErrorKey(line.testId)]?.[0]}
          patients={patients}
          patientsError={errors?.[linePatientsErrorKey(line.testId)]?.[0]}
          referralError={errors?.[lineReferralErrorKey(line.testId)]?.[0]}
        />
      ))}
      {withoutLabs.map((line) => {
        const testName = localizedField(line.testName, line.testNameAr, format.language);
        return (
          <fieldset key={line.testId} className="grid gap-4 rounded-md border p-4" data-testid="checkout-line">
            <legend className="px-1 font-medium">
              <bdi lang={testName.lang}>{testName.text}</bdi> × {line.quantity}
            </legend>
            <UnitPatients line={line} patients={patients} testName={testName.text} error={errors?.[linePatientsErrorKey(line.testId)]?.[0]} />
            <LineReferral line={line} testName={testName.text} error={errors?.[lineReferralErrorKey(line.testId)]?.[0]} />
          </fieldset>
        );
      })}
    </section>
  );
}
