import { textOrder } from "~/i18n/languages";
import { useTranslation } from "~/i18n/use-translation";
import { useNameTranslator } from "~/i18n/use-name";
import { Field } from "~/components/ui/field";
import { localizedField } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import { useMessageTranslator } from "~/i18n/use-message";
import { Input } from "~/components/ui/input";
import { cn } from "~/utils/cn";
import { listedLabs, type AreaSource, type BookingOptions, type DayBooking, type LabChoice, type SlotChoice } from "~/modules/booking/booking-options";
import type { BookingFormErrors } from "~/modules/booking/schemas";
import type { CollectionType } from "~/modules/slots/collection-types";

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive sm:text-sm";

function invalid(id: string, error: unknown) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

/** The option of the lab choice that leaves the lab to the server: the cheapest with the time free. */
export const ANY_LAB_LABEL = "Cheapest lab with your time free";

const AREA_SOURCE = {
  page: "the area you chose",
  address: "the area of your saved address",
  booking: "the area of your last home visit",
} as const satisfies Record<AreaSource, string>;


/**
 * The marketplace choices of the booking form: the lab (any lab, the cheapest with the time free;
 * or one of the labs, cheapest first), walk-in or home collection, and for home collection the
 * address and one of the areas the lab (any lab: some lab) serves.
 */
export function BookingChoicesFields({
  idPrefix,
  labs,
  labId,
  onLabChange,
  type,
  onTypeChange,
  homeAddress,
  area,
  areas,
  onAreaChange,
  errors,
}: {
  idPrefix: string;
  labs: LabChoice[];
  /** null: any lab. */
  labId: string | null;
  onLabChange: (labId: string | null) => void;
  type: CollectionType;
  onTypeChange: (type: CollectionType) => void;
  homeAddress?: string | null;
  /** The patient's area (the page's, the saved address's or the last home visit's), and the areas to change it to. */
  area?: BookingOptions["area"];
  areas?: string[];
  onAreaChange?: (area: string) => void;
  errors: BookingFormErrors;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const { t } = useTranslation("checkout");
  const placeName = useNameTranslator();
  const format = useFormat();
  const translate = useMessageTranslator();
  if (labs.length === 0) return null;
  const lab = labs.find((candidate) => candidate.labId === labId) ?? null;
  const chosenArea = area?.area ?? null;
  const listed = listedLabs(labs, type, chosenArea);
  const cheapest = listed[0] ?? null;
  const home = labs.filter((candidate) => candidate.homeCollection);
  const walkInOffered = lab ? lab.walkIn : labs.some((candidate) => candidate.walkIn);
  const homeOffered = lab ? lab.homeCollection : home.length > 0;
  const fees = (lab ? [lab] : home).map((candidate) => candidate.homeCollectionFeeFils ?? 0);
  const fee = fees.length ? Math.min(...fees) : null;
  const areaChoices = [...new Set(areas ?? (lab ? [lab] : home).flatMap((candidate) => candidate.homeCollectionAreas))]
    .map((choice) => ({ area: choice, text: placeName(choice) }))
    .sort((a, b) => textOrder(format.language)(a.text, b.text));
  const areaText = chosenArea ? placeName(chosenArea) : null;
  return (
    <div className="grid gap-4">
      <Field id={id("labId")} label={t("Lab")} error={errors.labId}>
        <select
          id={id("labId")}
          name="labId"
          value={lab?.labId ?? ""}
          onChange={(event) => onLabChange(event.target.value || null)}
          className={selectClass}
          {...invalid(id("labId"), errors.labId)}
        >
          <option value="">
            {t(ANY_LAB_LABEL)}
            {cheapest ? ` (${t("from {{price}}", { price: format.money(cheapest.shownFils) })})` : ""}
          </option>
          {listed.map(({ lab: choice, shownFils }) => (
            <option key={choice.labId} value={choice.labId}>
              {localizedField(choice.labName, choice.labNameAr, format.language).text}
              {choice.area ? ` · ${placeName(choice.area)}` : ""} · {format.money(shownFils)}
              {choice.labId === cheapest?.lab.labId ? ` ${t("(cheapest)")}` : ""}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="grid gap-2" aria-describedby={errors.collectionType ? `${id("collectionType")}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">{t("Collection")}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className={cn("flex items-center gap-2 text-sm", !walkInOffered && "opacity-50")}>
            <input
              type="radio"
              name="collectionType"
              value="walk_in"
              checked={type === "walk_in"}
              disabled={!walkInOffered}
              onChange={() => onTypeChange("walk_in")}
            />
            {t("Walk-in at the lab")}
          </label>
          <label className={cn("flex items-center gap-2 text-sm", !homeOffered && "opacity-50")}>
            <input
              type="radio"
              name="collectionType"
              value="home"
              checked={type === "home"}
              disabled={!homeOffered}
              onChange={() => onTypeChange("home")}
            />
            {t("Home collection")}
            {!homeOffered || fee === null
              ? lab
                ? ` ${t("(not offered by this lab)")}`
                : ` ${t("(not offered for this test)")}`
              : lab
                ? ` (+${format.money(fee)})`
                : ` (${t("from +{{fee}}", { fee: format.money(fee) })})`}
          </label>
        </div>
        {errors.collectionType ? (
          <p id={`${id("collectionType")}-error`} className="text-sm text-destructive" role="alert">
            {translate(errors.collectionType[0])}
          </p>
        ) : null}
      </fieldset>
      {type === "home" || chosenArea ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {type === "home" ? (
            <Field id={id("homeAddress")} label={t("Address for home collection")} error={errors.homeAddress}>
              <Input
                id={id("homeAddress")}
                name="homeAddress"
                autoComplete="street-address"
                maxLength={300}
                defaultValue={homeAddress ?? ""}
                {...invalid(id("homeAddress"), errors.homeAddress)}
              />
            </Field>
          ) : null}
          <Field id={id("homeArea")} label={t("Area")} error={errors.homeArea}>
            <select
              id={id("homeArea")}
              name={type === "home" ? "homeArea" : undefined}
              value={chosenArea ?? ""}
              onChange={(event) => onAreaChange?.(event.target.value)}
              className={selectClass}
              {...invalid(id("homeArea"), errors.homeArea)}
            >
              <option value="">{t("Choose your area")}</option>
              {areaChoices.map(({ area: choice, text }) => (
                <option key={choice} value={choice}>
                  {text}
                </option>
              ))}
            </select>
          </Field>
          {area && areaText ? (
            <p className="text-sm text-muted-foreground sm:col-span-2" data-testid="booking-area-note">
              {type !== "home"
                ? t("Walk-in is possible at any lab. Home collection comes only from the labs that serve {{area}}.", { area: areaText })
                : listed.length === 0
                  ? t("No lab offering this test collects in {{area}}. Please choose another area", { area: areaText })
                  : t("Labs that collect at home in {{area}}; prices include the home-collection fee.", { area: areaText })}{" "}
              {t("Using {{source}}; change the area above.", { source: t(AREA_SOURCE[area.source]) })}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The chosen lab's slot times on the chosen day: free ones set the time field, full ones are
 * disabled and marked "Full". Past times and those less than 2 hours ahead are not offered.
 */
export function SlotPicker({
  idPrefix,
  labName,
  date,
  slots,
  time,
  onPick,
  loading,
  booked,
}: {
  idPrefix: string;
  /** null: any lab. */
  labName: string | null;
  date: string | null;
  slots: SlotChoice[] | null;
  time: string;
  onPick: (time: string) => void;
  loading: boolean;
  /** The patient's own active bookings that day (a signed-in patient's). */
  booked?: DayBooking[];
}) {
  const headingId = `${idPrefix}-slots-heading`;
  const { t } = useTranslation("checkout");
  const format = useFormat();
  if (!date) return <p className="text-sm text-muted-foreground">{t("Pick a date to see the free times.")}</p>;
  return (
    <section aria-labelledby={headingId} aria-busy={loading || undefined} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-medium">
        {labName
          ? t("Time slots at {{lab}} on {{date}}", { lab: labName, date: format.calendarDate(date) })
          : t("Time slots on {{date}} at any lab", { date: format.calendarDate(date) })}
      </h3>
      {slots === null ? (
        <p className="text-sm text-muted-foreground">{t("Loading times...")}</p>
      ) : slots.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("No times left on this day. Please choose another day or lab.")}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" data-testid="slot-list">
          {slots.map((slot) => {
            const full = slot.status === "full";
            const chosen = slot.time === time;
            return (
              <li key={slot.time}>
                <button
                  type="button"
                  disabled={full}
                  aria-pressed={full ? undefined : chosen}
                  aria-label={full ? t("{{time}} Full", { time: slot.time }) : t("{{time}}, {{free}} free", { time: slot.time, free: slot.free })}
                  onClick={() => onPick(slot.time)}
                  className={cn(
                    "min-w-16 rounded-md border px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
                    chosen && !full && "border-primary bg-primary text-primary-foreground",
                    full && "cursor-not-allowed bg-muted text-muted-foreground line-through",
                  )}
                >
                  {slot.time}
                  {full ? <span className="ms-1 no-underline">{t("Full")}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {booked?.length ? <DayBookingsNote date={date} booked={booked} /> : null}
    </section>
  );
}

/**
 * The account's bookings on the chosen day, beside its times (and on checkout's payment step): one person cannot be in two places at
 * once (refused on booking), and two places close in time need the journey between them (decision 0051).
 */
export function DayBookingsNote({ date, booked }: { date: string; booked: DayBooking[] }) {
  const { t } = useTranslation("checkout");
  const format = useFormat();
  const placeName = useNameTranslator();
  return (
    <div className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" data-testid="day-bookings">
      <p className="font-medium">{t("Your bookings on {{date}}", { date: format.calendarDate(date) })}</p>
      <ul className="grid gap-0.5">
        {booked.map((booking, index) => {
          const lab = booking.labName ? localizedField(booking.labName, booking.labNameAr, format.language).text : null;
          const where = booking.type === "home" ? [t("Home collection"), booking.homeArea ? placeName(booking.homeArea) : null] : [t("Walk-in")];
          return (
            <li key={index}>
              <bdi>{booking.time}</bdi> · <bdi>{booking.patientName}</bdi> · {[lab, ...where].filter(Boolean).join(" · ")}
            </li>
          );
        })}
      </ul>
      <p>{t("Leave time to get from one place to the other.")}</p>
    </div>
  );
}
