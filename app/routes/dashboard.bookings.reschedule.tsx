import { useRef } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dashboard.bookings.reschedule";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/modules/accounts/guards.server";
import { BookingChangePage, ChangeFailure, ChangeRefused } from "~/modules/booking/booking-change-summary";
import {
  BOOKING_NOT_FOUND_MESSAGE,
  rescheduleMyBooking,
  rescheduleOptions,
  reviewReschedule,
  type RescheduleLab,
} from "~/modules/booking/booking-changes.server";
import { RescheduleChoiceSchema, RescheduleConfirmSchema } from "~/modules/booking/change-schemas";
import { privatePageMeta } from "~/modules/seo/private-paths";
import { formatBookingDate, isCalendarDate, todayInDubai } from "~/utils/dubai-date";
import { formFailure } from "~/utils/form-result.server";
import { useFormResult } from "~/utils/form-result";
import { formatAed } from "~/utils/money";
import { readForm } from "~/utils/request-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { CsrfField } from "~/components/csrf-field";

export const meta: Route.MetaFunction = () => privatePageMeta("Reschedule booking");

const isUuid = (value: string | null): value is string => value !== null && z.uuid().safeParse(value).success;

/**
 * GET ?lab=&date= shows that lab's free times (step 1, choose); with &step=review&time= it shows
 * exactly what confirming would do (step 2, review). The POST confirms. Works without JavaScript.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (!isUuid(params.bookingId)) throw data(BOOKING_NOT_FOUND_MESSAGE, { status: 404 });
  const search = new URL(request.url).searchParams;
  const lab = search.get("lab");
  const date = search.get("date");
  const options = await rescheduleOptions(user.id, params.bookingId, {
    labId: isUuid(lab) ? lab : null,
    date: date && isCalendarDate(date) ? date : null,
  });
  if (!options) throw data(BOOKING_NOT_FOUND_MESSAGE, { status: 404 });
  if (search.get("step") !== "review" || options.refusal) return { options, review: null, today: todayInDubai() };
  const choice = RescheduleChoiceSchema.safeParse({ labId: options.labId, date: options.date, time: search.get("time") ?? "" });
  const review = choice.success
    ? await reviewReschedule(user.id, params.bookingId, choice.data)
    : { ok: false as const, status: 400, message: choice.error.issues[0]?.message ?? "Please choose a time" };
  return { options, review, today: todayInDubai() };
}

const refused = (status: number, description: string) =>
  formFailure(status, { toast: { type: "error", title: "Booking not rescheduled", description } });

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = RescheduleConfirmSchema.safeParse(await readForm(request));
  if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? "Please choose a new time");
  if (!isUuid(params.bookingId)) return refused(404, BOOKING_NOT_FOUND_MESSAGE);
  const outcome = await rescheduleMyBooking(user.id, params.bookingId, parsed.data);
  if (!outcome.ok) return refused(outcome.status, outcome.message);
  const refund = outcome.refundFils > 0 ? ` ${formatAed(outcome.refundFils)} will be refunded to your card.` : "";
  throw await redirectWithToast("/dashboard", {
    type: "success",
    title: "Booking rescheduled",
    description: `New time: ${formatBookingDate(outcome.date)} at ${outcome.time}, ${outcome.labName}.${refund}`,
  });
}

/** A refused confirmation (slot taken, booking moved meanwhile) shows the times as they are now. */
export const shouldRevalidate = () => true;

/** What a lab's price does to the booking, in a few words for its option. */
function priceNote(lab: RescheduleLab) {
  if (!lab.terms.allowed) return `${formatAed(lab.terms.differenceFils)} more, not for card payments`;
  if (lab.terms.differenceFils < 0) return `${formatAed(-lab.terms.differenceFils)} less`;
  if (lab.terms.differenceFils > 0) return `${formatAed(lab.terms.differenceFils)} more`;
  return lab.current ? "your lab" : "same price";
}

export default function RescheduleBookingPage({ loaderData }: Route.ComponentProps) {
  const { options, review, today } = loaderData;
  const result = useActionData<typeof action>();
  useFormResult(result);
  const failure = (result && !result.ok ? result.toast?.description : null) ?? (review && !review.ok ? review.message : null);
  return (
    <BookingChangePage title="Reschedule booking" booking={options.booking}>
      {options.refusal ? (
        <Card>
          <CardContent className="grid gap-4 pt-6">
            <ChangeRefused reason={options.refusal} />
          </CardContent>
        </Card>
      ) : review?.ok ? (
        <ReviewCard review={review} failure={failure} />
      ) : (
        <ChooseCard options={options} today={today} failure={failure} />
      )}
    </BookingChangePage>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function ChooseCard({ options, today, failure }: { options: LoaderData["options"]; today: string; failure: string | null }) {
  const showTimes = useRef<HTMLButtonElement>(null);
  const lab = options.labs.find((candidate) => candidate.labId === options.labId);
  const refreshTimes = (event: { currentTarget: HTMLSelectElement | HTMLInputElement }) => event.currentTarget.form?.requestSubmit(showTimes.current);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Choose a new time</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="get" className="grid gap-4">
          <ChangeFailure message={failure} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid min-w-0 gap-1.5">
              <label htmlFor="reschedule-lab" className="text-sm font-medium">
                Lab
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
                    {candidate.labName}
                    {candidate.area ? `, ${candidate.area}` : ""} · {formatAed(candidate.priceFils)} ({priceNote(candidate)})
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1.5">
              <label htmlFor="reschedule-date" className="text-sm font-medium">
                Date
              </label>
              <input
                id="reschedule-date"
                type="date"
                name="date"
                min={today}
                defaultValue={options.date ?? undefined}
                onChange={refreshTimes}
                className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm"
              />
            </div>
          </div>
          <div>
            <Button ref={showTimes} type="submit" name="step" value="times" variant="outline" size="sm" formNoValidate>
              Show times
            </Button>
          </div>
          {lab && !lab.terms.allowed ? (
            <p className="text-sm" data-testid="lab-refused">
              {lab.terms.reason}
            </p>
          ) : options.date ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Free times on {formatBookingDate(options.date)}</legend>
              {options.slots.length === 0 ? (
                <p className="text-sm text-muted-foreground">No free times on this day. Please choose another date.</p>
              ) : (
                <div className="flex flex-wrap gap-2" data-testid="reschedule-slots">
                  {options.slots.map((slot) => (
                    <label
                      key={slot.time}
                      className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:disabled]:opacity-60"
                    >
                      <input type="radio" name="time" value={slot.time} required disabled={slot.current} />
                      {slot.time}
                      {slot.current ? <span className="text-xs text-muted-foreground">(your current time)</span> : null}
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="step" value="review" disabled={!lab?.terms.allowed || options.slots.every((slot) => slot.current)}>
              Review change
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard">Keep my booking</Link>
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function ReviewCard({ review, failure }: { review: Extract<NonNullable<LoaderData["review"]>, { ok: true }>; failure: string | null }) {
  const busy = useNavigation().state === "submitting";
  const { booking, lab, date, time, newTotalFils } = review;
  const difference = lab.terms.differenceFils;
  const price =
    difference === 0
      ? "The price stays the same."
      : booking.payment === "card"
        ? `${lab.labName} costs ${formatAed(-difference)} less: ${formatAed(lab.terms.refundFils)} will be refunded to your card.`
        : `${lab.labName} costs ${formatAed(Math.abs(difference))} ${difference > 0 ? "more" : "less"}: you pay ${formatAed(newTotalFils)} at collection.`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Review the change</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ChangeFailure message={failure} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="reschedule-review">
          <dt className="text-muted-foreground">New time</dt>
          <dd className="font-medium">
            {formatBookingDate(date)} at {time}
          </dd>
          <dt className="text-muted-foreground">Lab</dt>
          <dd>
            {lab.labName}
            {lab.current ? " (same lab)" : " (new lab)"}
          </dd>
          <dt className="text-muted-foreground">Price</dt>
          <dd>{price}</dd>
        </dl>
        <p className="text-sm text-muted-foreground">Your current time is given back when you confirm. You will receive an updated confirmation.</p>
        <Form method="post" className="flex flex-wrap gap-2">
          <CsrfField />
          <input type="hidden" name="labId" value={lab.labId} />
          <input type="hidden" name="date" value={date} />
          <input type="hidden" name="time" value={time} />
          <input type="hidden" name="expectedSequence" value={booking.calendarSequence} />
          <Button type="submit" disabled={busy}>
            Confirm new time
          </Button>
          <Button asChild variant="outline">
            <Link to={`?lab=${lab.labId}&date=${date}`}>Choose another time</Link>
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
