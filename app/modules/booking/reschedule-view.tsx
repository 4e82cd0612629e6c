import { useRef } from "react";
import { useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { CsrfField } from "~/components/csrf-field";
import { Form, Link } from "~/i18n/link";
import { localizedField } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import { useMessageTranslator } from "~/i18n/use-message";
import { useNameTranslator } from "~/i18n/use-name";
import { useTranslation } from "~/i18n/use-translation";
import { BookingChangePage, ChangeFailure, ChangeRefused, type ChangedBooking } from "~/modules/booking/booking-change-summary";
import type { BookingPayment, RescheduleTerms } from "~/modules/booking/change-policy";
import { BookingHorizonHint, useBookingHorizon } from "~/modules/booking/booking-horizon";

// The Reschedule page (/dashboard/bookings/{id}/reschedule): choose a lab, a day and a free time,
// review what the move does to the price, confirm. Its route loads the options and the review
// (payments/booking-changes.server.ts) and confirms; these props are the parts of them it shows.

/** A lab the booking may move to, with what moving there does to the price. */
type RescheduleLabOption = {
  labId: string;
  labName: string;
  labNameAr: string | null;
  area: string | null;
  current: boolean;
  priceFils: number;
  terms: RescheduleTerms;
};

/** The first step: the labs, the chosen lab and day, and that day's free times (or why the booking cannot move). */
export type RescheduleOptions = {
  booking: ChangedBooking & { payment: BookingPayment; calendarSequence: number };
  refusal: string | null;
  labs: RescheduleLabOption[];
  labId: string | null;
  date: string | null;
  slots: { time: string; current: boolean }[];
};

/** The review step: exactly what confirming would do. */
export type RescheduleReview = {
  booking: { payment: BookingPayment; calendarSequence: number };
  lab: RescheduleLabOption;
  date: string;
  time: string;
  newTotalFils: number;
};

/** What a lab's price does to the booking, in a few words for its option. */
function usePriceNote() {
  const { t } = useTranslation("account");
  const format = useFormat();
  return (lab: RescheduleLabOption) => {
    if (!lab.terms.allowed) return t("{{amount}} more, not for card payments", { amount: format.money(lab.terms.differenceFils) });
    if (lab.terms.differenceFils < 0) return t("{{amount}} less", { amount: format.money(-lab.terms.differenceFils) });
    if (lab.terms.differenceFils > 0) return t("{{amount}} more", { amount: format.money(lab.terms.differenceFils) });
    return lab.current ? t("your lab") : t("same price");
  };
}

/**
 * A refusal in the page's language. A lab's "costs more" refusal names its amount, so it is not a
 * catalogue key as it stands: it is told again from the lab's terms (the same words in English).
 */
function useRefusalText(labs: RescheduleLabOption[]) {
  const { t } = useTranslation("account");
  const format = useFormat();
  const translate = useMessageTranslator();
  return (message: string) => {
    const lab = labs.find((candidate) => !candidate.terms.allowed && candidate.terms.reason === message);
    if (!lab || lab.terms.differenceFils <= 0) return translate(message);
    return t("This lab costs {{amount}} more. A card payment cannot be topped up: cancel and book again to choose this lab.", {
      amount: format.money(lab.terms.differenceFils),
    });
  };
}

/** The page: the booking, then the review when a time was chosen and is still possible, else the choice. */
export function RescheduleView({
  options,
  review,
  today,
  failure,
}: {
  options: RescheduleOptions;
  review: RescheduleReview | null;
  today: string;
  failure: string | null;
}) {
  const { t } = useTranslation("account");
  return (
    <BookingChangePage title={t("Reschedule booking")} booking={options.booking}>
      {options.refusal ? (
        <Card>
          <div className="grid gap-4 p-6">
            <ChangeRefused reason={options.refusal} />
          </div>
        </Card>
      ) : review ? (
        <ReviewCard review={review} failure={failure} />
      ) : (
        <ChooseCard options={options} today={today} failure={failure} />
      )}
    </BookingChangePage>
  );
}

function ChooseCard({ options, today, failure }: { options: RescheduleOptions; today: string; failure: string | null }) {
  const showTimes = useRef<HTMLButtonElement>(null);
  const lab = options.labs.find((candidate) => candidate.labId === options.labId);
  const refreshTimes = (event: { currentTarget: HTMLSelectElement | HTMLInputElement }) => event.currentTarget.form?.requestSubmit(showTimes.current);
  const { t } = useTranslation("account");
  const format = useFormat();
  const placeName = useNameTranslator();
  const refusalText = useRefusalText(options.labs);
  const priceNote = usePriceNote();
  const horizon = useBookingHorizon(today);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Choose a new time")}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="get" className="grid gap-4">
          <ChangeFailure message={failure ? refusalText(failure) : null} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid min-w-0 gap-1.5">
              <label htmlFor="reschedule-lab" className="text-sm font-medium">
                {t("Lab")}
              </label>
              <select
                id="reschedule-lab"
                name="lab"
                defaultValue={options.labId ?? undefined}
                onChange={refreshTimes}
                className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm"
              >
                {options.labs.map((candidate) => (
                  <option key={candidate.labId} value={candidate.labId}>
                    {localizedField(candidate.labName, candidate.labNameAr, format.language).text}
                    {candidate.area ? `, ${placeName(candidate.area)}` : ""} · {format.money(candidate.priceFils)} ({priceNote(candidate)})
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1.5">
              <label htmlFor="reschedule-date" className="text-sm font-medium">
                {t("Date")}
              </label>
              <input
                id="reschedule-date"
                type="date"
                name="date"
                min={today}
                max={horizon?.lastDate}
                aria-describedby={horizon ? "reschedule-date-horizon" : undefined}
                defaultValue={options.date ?? undefined}
                onChange={refreshTimes}
                className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm"
              />
              {horizon ? <BookingHorizonHint horizon={horizon} id="reschedule-date-horizon" /> : null}
            </div>
          </div>
          <div>
            <Button ref={showTimes} type="submit" name="step" value="times" variant="outline" size="sm" formNoValidate>
              {t("Show times")}
            </Button>
          </div>
          {lab && !lab.terms.allowed ? (
            <p className="text-sm" data-testid="lab-refused">
              {lab.terms.reason ? refusalText(lab.terms.reason) : null}
            </p>
          ) : options.date ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{t("Free times on {{date}}", { date: format.calendarDate(options.date) })}</legend>
              {options.slots.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("No free times on this day. Please choose another date.")}</p>
              ) : (
                <div className="flex flex-wrap gap-2" data-testid="reschedule-slots">
                  {options.slots.map((slot) => (
                    <label
                      key={slot.time}
                      className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:disabled]:opacity-60"
                    >
                      <input type="radio" name="time" value={slot.time} required disabled={slot.current} />
                      {slot.time}
                      {slot.current ? <span className="text-xs text-muted-foreground">{t("(your current time)")}</span> : null}
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="step" value="review" disabled={!lab?.terms.allowed || options.slots.every((slot) => slot.current)}>
              {t("Review change")}
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard">{t("Keep my booking")}</Link>
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function ReviewCard({ review, failure }: { review: RescheduleReview; failure: string | null }) {
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("account");
  const format = useFormat();
  const { booking, lab, date, time, newTotalFils } = review;
  const labName = localizedField(lab.labName, lab.labNameAr, format.language).text;
  const difference = lab.terms.differenceFils;
  const price =
    difference === 0
      ? t("The price stays the same.")
      : booking.payment === "card"
        ? t("{{lab}} costs {{difference}} less: {{refund}} will be refunded to your card.", {
            lab: labName,
            difference: format.money(-difference),
            refund: format.money(lab.terms.refundFils),
          })
        : difference > 0
          ? t("{{lab}} costs {{difference}} more: you pay {{total}} at collection.", { lab: labName, difference: format.money(difference), total: format.money(newTotalFils) })
          : t("{{lab}} costs {{difference}} less: you pay {{total}} at collection.", { lab: labName, difference: format.money(-difference), total: format.money(newTotalFils) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Review the change")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ChangeFailure message={failure} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="reschedule-review">
          <dt className="text-muted-foreground">{t("New time")}</dt>
          <dd className="font-medium">{t("{{date}} at {{time}}", { date: format.calendarDate(date), time })}</dd>
          <dt className="text-muted-foreground">{t("Lab")}</dt>
          <dd>
            {labName}
            {lab.current ? ` ${t("(same lab)")}` : ` ${t("(new lab)")}`}
          </dd>
          <dt className="text-muted-foreground">{t("Price")}</dt>
          <dd>{price}</dd>
        </dl>
        <p className="text-sm text-muted-foreground">{t("Your current time is given back when you confirm. You will receive an updated confirmation.")}</p>
        <Form method="post" className="flex flex-wrap gap-2">
          <CsrfField />
          <input type="hidden" name="labId" value={lab.labId} />
          <input type="hidden" name="date" value={date} />
          <input type="hidden" name="time" value={time} />
          <input type="hidden" name="expectedSequence" value={booking.calendarSequence} />
          <Button type="submit" disabled={busy}>
            {t("Confirm new time")}
          </Button>
          <Button asChild variant="outline">
            <Link to={`?lab=${lab.labId}&date=${date}`}>{t("Choose another time")}</Link>
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
