import { ChevronLeft, ChevronRight, ExternalLink, FileText, House, MapPin, Phone } from "~/components/ui/icons";
import { Form, Link, useFetcher } from "react-router";
import { formatAed } from "~/utils/money";
import { CsrfField } from "~/components/csrf-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { labCancellationReasons, LAB_CANCELLATION_REASON_LABELS } from "~/modules/lifecycle/booking-status";
import { statusBadgeVariant, statusLabel } from "~/modules/lifecycle/status-badge";
import { ReferralFacts, usePatientFactWords } from "~/modules/booking/patient-facts";
import type { LabBookingAction } from "~/modules/partner/lab-booking-rules";
import type { WorklistBooking } from "~/modules/partner/worklist.server";
import { nextDate, previousDate } from "~/modules/slots/lab-day";
import { formatBookingDate } from "~/utils/dubai-date";
import { useFormResult, type FormResult } from "~/utils/form-result";

type Worklist = { date: string; today: string; count: number; slots: { time: string; bookings: WorklistBooking[] }[] };

const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Asia/Dubai" });

const STATUS_WORD = (status: WorklistBooking["status"]) => {
  const label = statusLabel(status);
  return label.charAt(0).toUpperCase() + label.slice(1);
};

const ACTION_LABELS: Record<Exclude<LabBookingAction, "cancel">, string> = {
  confirm: "Confirm",
  collected: "Sample collected",
  "no-show": "No-show",
};

/** The day picker: the day before and after, a date field, and today. */
function DayPicker({ base, date, today }: { base: string; date: string; today: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button asChild variant="outline" size="icon">
        <Link to={`${base}?date=${previousDate(date)}`} aria-label="Previous day">
          <ChevronLeft aria-hidden />
        </Link>
      </Button>
      <Form method="get" action={base} className="flex items-center gap-2">
        <label htmlFor="worklist-date" className="sr-only">
          Day
        </label>
        <div className="w-40">
          <Input id="worklist-date" type="date" name="date" defaultValue={date} />
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </Form>
      <Button asChild variant="outline" size="icon">
        <Link to={`${base}?date=${nextDate(date)}`} aria-label="Next day">
          <ChevronRight aria-hidden />
        </Link>
      </Button>
      {date !== today ? (
        <Button asChild variant="ghost">
          <Link to={base}>Today</Link>
        </Button>
      ) : null}
    </div>
  );
}

/** One action button of a booking: posts its intent and the booking's id. */
function ActionButton({ booking, action }: { booking: WorklistBooking; action: Exclude<LabBookingAction, "cancel"> }) {
  const fetcher = useFetcher<FormResult>();
  useFormResult(fetcher.data);
  return (
    <fetcher.Form method="post">
      <CsrfField />
      <input type="hidden" name="intent" value={action} />
      <input type="hidden" name="bookingId" value={booking.id} />
      <Button
        type="submit"
        size="sm"
        variant={action === "no-show" ? "outline" : "default"}
        disabled={fetcher.state !== "idle"}
        aria-label={`${ACTION_LABELS[action]}: ${booking.patientName}, ${booking.time}`}
      >
        {ACTION_LABELS[action]}
      </Button>
    </fetcher.Form>
  );
}

/** Cash collected at the visit (cash on delivery): the amount due is shown and must be typed as collected. */
function CashForm({ booking, dueFils }: { booking: WorklistBooking; dueFils: number }) {
  const fetcher = useFetcher<FormResult>();
  useFormResult(fetcher.data);
  const id = `cash-${booking.id}`;
  return (
    <details className="w-full">
      <summary className="inline-flex h-9 cursor-pointer items-center rounded-md border border-input px-3 text-sm hover:bg-accent">Record cash…</summary>
      <fetcher.Form method="post" className="mt-2 grid gap-2 rounded-md border p-3">
        <CsrfField />
        <input type="hidden" name="intent" value="collect-cash" />
        <input type="hidden" name="bookingId" value={booking.id} />
        <label htmlFor={id} className="text-sm font-medium">
          Cash collected (AED), due {formatAed(dueFils)}
        </label>
        <Input id={id} name="amount" inputMode="decimal" required autoComplete="off" />
        <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
          Record cash collected
        </Button>
      </fetcher.Form>
    </details>
  );
}

/** Cancel with a reason: the choice opens under the button (works before the page's script has loaded). */
function CancelForm({ booking }: { booking: WorklistBooking }) {
  const fetcher = useFetcher<FormResult>();
  useFormResult(fetcher.data);
  const id = `cancel-reason-${booking.id}`;
  return (
    <details className="w-full">
      <summary className="inline-flex h-9 cursor-pointer items-center rounded-md border border-input px-3 text-sm hover:bg-accent">Cancel…</summary>
      <fetcher.Form method="post" className="mt-2 grid gap-2 rounded-md border p-3">
        <CsrfField />
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="bookingId" value={booking.id} />
        <label htmlFor={id} className="text-sm font-medium">
          Why does the lab cancel?
        </label>
        <select id={id} name="reason" required defaultValue="" className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm">
          <option value="" disabled>
            Choose a reason
          </option>
          {labCancellationReasons.map((reason) => (
            <option key={reason} value={reason}>
              {LAB_CANCELLATION_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
        <p className="text-xs text-muted-foreground">A card payment is refunded in full and the customer is told by e-mail.</p>
        <Button type="submit" size="sm" variant="destructive" disabled={fetcher.state !== "idle"} aria-label={`Cancel booking: ${booking.patientName}, ${booking.time}`}>
          Cancel booking
        </Button>
      </fetcher.Form>
    </details>
  );
}

/** One booking as the sample collector needs it, with the actions its status and time allow. */
function BookingCard({ booking, base }: { booking: WorklistBooking; base: string }) {
  const home = booking.collectionType === "home";
  const words = usePatientFactWords();
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="worklist-booking">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">{booking.patientName}</p>
          <p className="text-sm break-words">
            {booking.testName ?? "Deleted test"}
            {booking.units > 1 ? ` × ${booking.units}` : ""}
          </p>
        </div>
        <Badge variant={statusBadgeVariant(booking.status)}>{STATUS_WORD(booking.status)}</Badge>
      </div>
      <dl className="grid gap-1 text-sm">
        {booking.patientPhone ? (
          <div className="flex items-center gap-2">
            <dt className="sr-only">Phone</dt>
            <Phone className="size-4 shrink-0" aria-hidden />
            <dd>
              <a href={`tel:${booking.patientPhone.replace(/[^+\d]/g, "")}`} className="underline-offset-4 hover:underline">
                {booking.patientPhone}
              </a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="inline font-medium">{words.dateOfBirthLabel}: </dt>
          <dd className="inline" data-testid="patient-birth">
            {words.birth(booking)}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">{words.sexLabel}: </dt>
          <dd className="inline" data-testid="patient-sex">
            {words.sex(booking.patientSex)}
          </dd>
        </div>
        {booking.referralDoctorName || booking.hasReferralFile ? (
          <div>
            <dt className="sr-only">{words.referralLabel}</dt>
            <dd>
              <ReferralFacts facts={booking} href={`${base}/bookings/${booking.id}/referral`} />
            </dd>
          </div>
        ) : null}
        <div className="flex items-start gap-2">
          <dt className="sr-only">Collection</dt>
          {home ? <House className="mt-0.5 size-4 shrink-0" aria-hidden /> : <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />}
          <dd className="min-w-0 break-words">
            {home ? "Home collection" : "Walk-in"}
            {home && (booking.homeAddress || booking.homeArea) ? `: ${[booking.homeAddress, booking.homeArea].filter(Boolean).join(", ")}` : ""}
            {booking.mapUrl ? (
              <>
                {" "}
                <a href={booking.mapUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
                  Map <ExternalLink className="size-3" aria-hidden />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </>
            ) : null}
          </dd>
        </div>
        {booking.preparation ? (
          <div>
            <dt className="inline font-medium">Preparation: </dt>
            <dd className="inline">{booking.preparation}</dd>
          </div>
        ) : null}
        {booking.notes ? (
          <div>
            <dt className="inline font-medium">Notes: </dt>
            <dd className="inline break-words">{booking.notes}</dd>
          </div>
        ) : null}
        <div>
          <dt className="inline font-medium">Payment: </dt>
          <dd className="inline">{booking.payment}</dd>
        </div>
        {booking.sampleCollectedAt ? (
          <div>
            <dt className="inline font-medium">Sample collected at: </dt>
            <dd className="inline">{time.format(new Date(booking.sampleCollectedAt))}</dd>
          </div>
        ) : null}
      </dl>
      {booking.cashDueFils !== null ? <CashForm booking={booking} dueFils={booking.cashDueFils} /> : null}
      {booking.actions.length > 0 ? (
        <div className="flex flex-wrap items-start gap-2">
          {booking.actions.map((action) => (action === "cancel" ? null : <ActionButton key={action} booking={booking} action={action} />))}
          {booking.actions.includes("cancel") ? <CancelForm booking={booking} /> : null}
        </div>
      ) : null}
    </li>
  );
}

/** The Today page: the lab's bookings of a day by slot, the day picker and the print view's link. */
export function WorklistView({ labId, labName, worklist }: { labId: string; labName: string; worklist: Worklist }) {
  const base = `/partner/${labId}`;
  const heading = worklist.date === worklist.today ? `Today, ${formatBookingDate(worklist.date)}` : formatBookingDate(worklist.date);
  return (
    <div className="grid gap-4">
      <AdminHeader
        title={heading}
        subtitle={`${worklist.count} ${worklist.count === 1 ? "booking" : "bookings"} at ${labName}`}
        action={
          <Button asChild variant="outline">
            <Link to={`${base}/print?date=${worklist.date}`}>
              <FileText aria-hidden /> Print view
            </Link>
          </Button>
        }
      />
      <DayPicker base={base} date={worklist.date} today={worklist.today} />
      {worklist.slots.length === 0 ? (
        <p className="rounded-lg border p-6 text-center text-muted-foreground">No bookings on this day.</p>
      ) : (
        worklist.slots.map((slot) => (
          <section key={slot.time} aria-labelledby={`slot-${slot.time}`} className="grid gap-2">
            <h2 id={`slot-${slot.time}`} className="text-lg font-semibold tabular-nums">
              {slot.time}
            </h2>
            <ul className="grid gap-2">
              {slot.bookings.map((booking) => (
                <BookingCard key={booking.id} booking={booking} base={base} />
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}

/** The print view of a day: one table for the phlebotomist's round, cancelled bookings left out. */
export function WorklistPrint({ labId, labName, worklist }: { labId: string; labName: string; worklist: Worklist }) {
  const words = usePatientFactWords();
  const rows = worklist.slots.flatMap((slot) => slot.bookings.filter((booking) => booking.status !== "cancelled"));
  return (
    <div className="mx-auto grid max-w-5xl gap-4 px-4 py-6 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold">
          {labName} · {formatBookingDate(worklist.date)}
        </h1>
        <button type="button" onClick={() => window.print()} className="rounded-md border px-3 py-2 text-sm print:hidden">
          Print
        </button>
      </div>
      {rows.length === 0 ? (
        <p>No bookings on this day.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr className="border-b text-start">
                {["Time", "Patient", words.dateOfBirthLabel, words.sexLabel, "Phone", "Test", "Collection", "Address", "Preparation", "Status"].map((header) => (
                  <th key={header} scope="col" className="p-2 text-start font-semibold">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((booking) => (
                <tr key={booking.id} className="border-b align-top break-inside-avoid">
                  <td className="p-2 tabular-nums">{booking.time}</td>
                  <td className="p-2">
                    {booking.patientName}
                    {booking.referralDoctorName || booking.hasReferralFile ? (
                      <span className="block text-xs">
                        <ReferralFacts facts={booking} href={`/partner/${labId}/bookings/${booking.id}/referral`} />
                      </span>
                    ) : null}
                  </td>
                  <td className="p-2 whitespace-nowrap">{words.birth(booking)}</td>
                  <td className="p-2">{words.sex(booking.patientSex)}</td>
                  <td className="p-2 whitespace-nowrap">{booking.patientPhone ?? "—"}</td>
                  <td className="p-2">{booking.testName ?? "Deleted test"}</td>
                  <td className="p-2">{booking.collectionType === "home" ? "Home" : "Walk-in"}</td>
                  <td className="p-2">{booking.collectionType === "home" ? [booking.homeAddress, booking.homeArea].filter(Boolean).join(", ") || "—" : "—"}</td>
                  <td className="p-2">{booking.preparation ?? "—"}</td>
                  <td className="p-2">{STATUS_WORD(booking.status)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
