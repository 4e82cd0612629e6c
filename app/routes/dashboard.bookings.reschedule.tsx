import { data, useActionData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dashboard.bookings.reschedule";
import { requireUser } from "~/modules/accounts/guards.server";
import { RescheduleView } from "~/modules/booking/reschedule-view";
import { BOOKING_NOT_FOUND_MESSAGE, rescheduleMyBooking, rescheduleOptions, reviewReschedule } from "~/modules/payments/booking-changes.server";
import { RescheduleChoiceSchema, RescheduleConfirmSchema } from "~/modules/booking/change-schemas";
import { privatePageMeta } from "~/modules/seo/private-paths";
import { isCalendarDate, todayInDubai } from "~/utils/dubai-date";
import { formFailure } from "~/utils/form-result.server";
import { useFormResult } from "~/utils/form-result";
import { formatAed } from "~/utils/money";
import { readForm } from "~/utils/request-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { translatorFor } from "~/i18n/i18n";
import { languageOfRequest, serverT } from "~/i18n/i18n.server";
import { languageOfPath, localizePath } from "~/i18n/languages";
import { localizedField } from "~/i18n/localized-field";
import { formatCalendarDate } from "~/i18n/use-format";

export const meta: Route.MetaFunction = ({ location }) =>
  privatePageMeta(translatorFor(languageOfPath(location.pathname), "account")("Reschedule booking"));

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
  if (!choice.success) return { options, review: { ok: false as const, message: choice.error.issues[0]?.message ?? "Please choose a time" }, today: todayInDubai() };
  const review = await reviewReschedule(user.id, params.bookingId, choice.data);
  // A refusal with values (the two places of a patient) is told in the page's language.
  const told = review.ok ? review : { ok: false as const, message: review.describe?.(languageOfRequest(request)) ?? review.message };
  return { options, review: told, today: todayInDubai() };
}

const refused = (status: number, description: string) =>
  formFailure(status, { toast: { type: "error", title: "Booking not rescheduled", description } });

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = RescheduleConfirmSchema.safeParse(await readForm(request));
  if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? "Please choose a new time");
  if (!isUuid(params.bookingId)) return refused(404, BOOKING_NOT_FOUND_MESSAGE);
  const outcome = await rescheduleMyBooking(user.id, params.bookingId, parsed.data);
  const language = languageOfRequest(request);
  if (!outcome.ok) return refused(outcome.status, outcome.describe?.(language) ?? outcome.message);
  const t = serverT(language, "account");
  const refund = outcome.refundFils > 0 ? ` ${t("{{refund}} will be refunded to your card.", { refund: formatAed(outcome.refundFils, language) })}` : "";
  const labName = localizedField(outcome.labName, outcome.labNameAr, language).text;
  throw await redirectWithToast(localizePath("/dashboard", language), {
    type: "success",
    title: t("Booking rescheduled"),
    description: `${t("New time: {{date}} at {{time}}, {{lab}}.", { date: formatCalendarDate(outcome.date, language), time: outcome.time, lab: labName })}${refund}`,
  });
}

/** A refused confirmation (slot taken, booking moved meanwhile) shows the times as they are now. */
export const shouldRevalidate = () => true;

export default function RescheduleBookingPage({ loaderData }: Route.ComponentProps) {
  const { options, review, today } = loaderData;
  const result = useActionData<typeof action>();
  useFormResult(result);
  const failure = (result && !result.ok ? result.toast?.description : null) ?? (review && !review.ok ? review.message : null);
  return <RescheduleView options={options} review={review?.ok ? review : null} today={today} failure={failure} />;
}
