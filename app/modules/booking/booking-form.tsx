import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher, useLocation, useNavigate, useRouteLoaderData, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { DEFAULT_BOOKING_TIME } from "~/utils/dubai-date";
import { useFormResult, type FormResult } from "~/utils/form-result";
import type { TestSummary } from "~/modules/catalog/test-summary";
import { BookingChoicesFields, SlotPicker } from "~/modules/booking/booking-choices-fields";
import { listedLabs, type BookingOptions } from "~/modules/booking/booking-options";
import { PatientDetailsFields } from "~/modules/booking/patient-details-fields";
import { BookingQuote, quotedLab } from "~/modules/booking/booking-quote";
import { needsFasting, slotsForFasting } from "~/modules/booking/fasting";
import { SlotPreparation } from "~/modules/booking/slot-preparation";
import { CancellationTermsNote } from "~/modules/booking/cancellation-terms-note";
import { savePendingBooking } from "~/modules/booking/pending-booking";
import { BookingFormSchema, fieldErrors, type BookingFormErrors } from "~/modules/booking/schemas";
import type { CollectionType } from "~/modules/slots/collection-types";
import { CsrfField } from "~/components/csrf-field";
import { localizedField } from "~/i18n/localized-field";
import { useLanguage, useLocalizePath } from "~/i18n/use-language";
import { SavedPatientSelect, type SavedPatientChoice } from "~/modules/booking/saved-patient-select";
import { ReferralFields } from "~/modules/booking/referral-fields";
import { BookingPaymentChoice } from "~/modules/booking/booking-payment-choice";
import type { BookTestPayment } from "~/modules/booking/schemas";

/** /book's answer: the booking's id when it worked (the refused fields travel as `fieldErrors`). */
export type BookingExtra = { bookingId: string };
export type BookingActionData = FormResult<BookingExtra>;

function useSignedIn() {
  const root = useRouteLoaderData("root") as { user: unknown } | undefined;
  return Boolean(root?.user);
}

/** `area`: the area asked for ("" for none); undefined lets the server use the patient's saved address or last home visit. */
function optionsUrl(testId: string, labId: string | null, type: CollectionType, date: string, area: string | undefined) {
  const params = new URLSearchParams({ test: testId, type });
  if (labId) params.set("lab", labId);
  if (date) params.set("date", date);
  if (area === undefined) params.set("myArea", "1");
  else params.set("area", area);
  return `/api/slots?${params}`;
}

/**
 * The booking form of the /book page and the Book Now dialog: the lab (by default the cheapest
 * with the chosen time free; or one of the labs, cheapest first, or the one the page was opened for), walk-in or home collection, the patient, and a date and time
 * among the lab's free slots. A visitor's answers are kept as the pending draft and submitted
 * after they sign in; a customer's go to /book/{testId}.
 */
export function BookingForm({
  test,
  cancel,
  onBooked,
  initialOptions,
  onPriceChange,
  patients,
}: {
  test: TestSummary;
  cancel: ReactNode;
  onBooked?: () => void;
  /** The price of the lab the booking goes to (the chosen lab's, not the "from" price), for the heading. */
  onPriceChange?: (priceFils: number) => void;
  /** The /book page's server-rendered choices (the dialog loads its own). */
  initialOptions?: BookingOptions;
  /** The account's saved patients (the /book page's; the dialog of a signed-in customer loads them). */
  patients?: SavedPatientChoice[];
}) {
  const signedIn = useSignedIn();
  const { t } = useTranslation("checkout");
  const language = useLanguage();
  const localize = useLocalizePath();
  const fetcher = useFetcher<BookingActionData>();
  const optionsFetcher = useFetcher<BookingOptions>();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // The area: the one picked in the form, else the page's (?area= of the search or product page), else the server's guess.
  const [areaPick, setAreaPick] = useState<string | undefined>(undefined);
  const requestedArea = areaPick ?? (searchParams.has("area") ? (searchParams.get("area") ?? "") : undefined);
  // Bumped after a booking: the fields remount empty (time back to 09:00).
  const [formKey, setFormKey] = useState(0);
  const [labId, setLabId] = useState<string | null>(initialOptions?.labId ?? null);
  const [type, setType] = useState<CollectionType>(initialOptions?.type ?? (searchParams.get("home") === "1" ? "home" : "walk_in"));
  const [date, setDate] = useState("");
  const [time, setTime] = useState(DEFAULT_BOOKING_TIME);
  // Cash at the visit unless the patient chooses card now (issue 26).
  const [payment, setPayment] = useState<BookTestPayment>("cash");
  // The browser's own check of the last submit; null once the form went to the server.
  const [clientErrors, setClientErrors] = useState<BookingFormErrors | null>(null);
  const busy = fetcher.state !== "idle";
  const booked = useCallback(() => {
    setFormKey((key) => key + 1);
    setDate("");
    setTime(DEFAULT_BOOKING_TIME);
    onBooked?.();
  }, [onBooked]);
  const serverErrors = useFormResult(fetcher.data, booked) as BookingFormErrors;
  const errors = clientErrors ?? (busy ? {} : serverErrors);

  const options = optionsFetcher.data ?? initialOptions;
  const labs = options?.labs ?? [];
  const lab = labs.find((choice) => choice.labId === labId) ?? null;
  const area = areaPick !== undefined ? (areaPick ? { area: areaPick, source: "page" as const } : null) : (options?.area ?? null);
  const slots = options && options.labId === labId && options.type === type && options.date === (date || null) ? options.slots : null;

  const quoted = quotedLab(listedLabs(labs, type, area?.area ?? null).map((listed) => listed.lab), labId, type);
  const quotedPrice = quoted ? quoted.priceFils + (type === "home" && area ? (quoted.homeCollectionFeeFils ?? 0) : 0) : null;
  useEffect(() => {
    if (quotedPrice !== null) onPriceChange?.(quotedPrice);
  }, [quotedPrice, onPriceChange]);

  const { load } = optionsFetcher;
  const needsOptions = !initialOptions || Boolean(date) || areaPick !== undefined;
  useEffect(() => {
    if (needsOptions) void load(optionsUrl(test.id, labId, type, date, requestedArea));
    // A refused booking (for example a slot just taken) reloads the times.
  }, [load, needsOptions, test.id, labId, type, date, requestedArea, fetcher.data]);
  // A lab that does not collect in the new area leaves the choice to the server (the cheapest collecting there).
  useEffect(() => {
    if (type === "home" && lab && !lab.homeCollection) setLabId(null);
  }, [type, lab]);

  function chooseLab(next: string | null) {
    setLabId(next);
    const choice = labs.find((candidate) => candidate.labId === next);
    if (choice && type === "home" && !choice.homeCollection) setType("walk_in");
    if (choice && type === "walk_in" && !choice.walkIn) setType("home");
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const formData = new FormData(form);
    const parsed = BookingFormSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setClientErrors(found);
      if (found.scheduledDate && !formData.get("scheduledDate")) {
        toast.error(t("Error"), { description: t("Please select a date") });
      }
      const firstInvalid = Object.keys(found)[0];
      if (firstInvalid) form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setClientErrors(null);
    if (!signedIn) {
      savePendingBooking(test, formData);
      toast(t("Create account to continue"), { description: t("Please create an account to complete your booking") });
      navigate(localize(`/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`));
      return;
    }
    // Multipart: the form may carry a doctor's referral file (issue 26).
    fetcher.submit(formData, { method: "post", action: localize(`/book/${test.id}`), encType: "multipart/form-data" });
  }

  const idPrefix = `book-${test.id}`;
  return (
    <form method="post" action={localize(`/book/${test.id}`)} encType="multipart/form-data" noValidate onSubmit={onSubmit} className="grid gap-6">
      <CsrfField />
      {signedIn ? <SavedPatientSelect key={`patient-${formKey}`} idPrefix={idPrefix} testId={test.id} patients={patients} error={errors.savedPatientId} /> : null}
      {labs.length > 0 ? (
        <BookingChoicesFields
          key={`choices-${formKey}`}
          idPrefix={idPrefix}
          labs={labs}
          labId={labId}
          onLabChange={chooseLab}
          type={type}
          onTypeChange={setType}
          area={area}
          areas={options?.areas}
          onAreaChange={setAreaPick}
          errors={errors}
        />
      ) : null}
      <PatientDetailsFields
        key={formKey}
        idPrefix={idPrefix}
        errors={errors}
        onDateChange={setDate}
        time={time}
        onTimeChange={setTime}
        slotPicker={
          labs.length > 0 ? (
            <>
              <SlotPicker
                idPrefix={idPrefix}
                labName={lab ? localizedField(lab.labName, lab.labNameAr, language).text : null}
                date={date || null}
                slots={slots ? slotsForFasting(slots, needsFasting(options?.preparation?.en)) : null}
                time={time}
                onPick={setTime}
                loading={optionsFetcher.state !== "idle"}
                booked={slots ? options?.dayBookings : undefined}
              />
              <SlotPreparation preparation={options?.preparation} time={time} />
            </>
          ) : null
        }
      />
      <ReferralFields
        key={`referral-${formKey}`}
        requirement={options?.referral}
        idPrefix={idPrefix}
        testName={localizedField(test.name, test.nameAr, language).text}
        error={(errors as Record<string, string[] | undefined>).referral?.[0]}
      />
      {signedIn ? <BookingPaymentChoice value={payment} onChange={setPayment} /> : null}
      <BookingQuote labs={listedLabs(labs, type, area?.area ?? null).map((listed) => listed.lab)} labId={labId} type={type} payment={signedIn ? payment : "cash"} />
      {options?.policy ? <CancellationTermsNote policy={options.policy} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" disabled={busy}>
          {busy ? t("Booking...") : t("Book Test")}
        </Button>
      </div>
    </form>
  );
}
