import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { CsrfField } from "~/components/csrf-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ArrowLeft } from "~/components/ui/icons";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { BookingTimeline } from "~/modules/booking/booking-timeline";
import { ReferralFacts, usePatientFactWords } from "~/modules/booking/patient-facts";
import type { bookingForAdmin } from "~/modules/booking/booking-timeline.server";
import { adminBookingStatuses, type AdminBookingStatus } from "~/modules/lifecycle/booking-status";
import { refundReasonLabel } from "~/modules/lifecycle/payment-status";
import { statusLabel } from "~/modules/lifecycle/status-badge";
import { cn } from "~/utils/cn";
import { formatBookingDate } from "~/utils/dubai-date";
import { useFormResult, type FormResult } from "~/utils/form-result";
import { formatAed } from "~/utils/money";

/** What the page's loader gives: bookingForAdmin's booking, refunds and timeline, and the page load's token. */
type AdminBookingPage = NonNullable<Awaited<ReturnType<typeof bookingForAdmin>>> & { token: string };

/** Spec: confirmed green, completed blue, cancelled red, others (pending) yellow. */
const statusColour: Partial<Record<string, string>> = {
  confirmed: "text-success",
  completed: "text-blue-700",
  cancelled: "text-destructive",
};

const statusButtonLabels: Record<AdminBookingStatus, string> = {
  confirmed: "Mark as Confirmed",
  completed: "Mark as Completed",
  cancelled: "Cancel Booking",
};

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Dubai" });

function StatusButtons({ current }: { current: string }) {
  const fetcher = useFetcher<FormResult>();
  useFormResult(fetcher.data);
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2">
      <CsrfField />
      <input type="hidden" name="intent" value="status" />
      {adminBookingStatuses.map((status) => (
        <Button
          key={status}
          type="submit"
          name="status"
          value={status}
          size="sm"
          variant={status === "cancelled" ? "outline" : "default"}
          disabled={fetcher.state !== "idle" || status === current}
        >
          {statusButtonLabels[status]}
        </Button>
      ))}
    </fetcher.Form>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The admin's page of one booking (/admin/bookings/{id}): its facts and status buttons, its order, payment and refunds, its timeline. */
export function AdminBookingView({ booking, refunds, timeline, token }: AdminBookingPage) {
  const price = booking.priceFils ?? booking.testPriceFils;
  const words = usePatientFactWords();
  const place =
    booking.collectionType === "home"
      ? `Home collection${booking.homeAddress ? `: ${booking.homeAddress}` : ""}${booking.homeArea ? `, ${booking.homeArea}` : ""}`
      : `Walk-in${booking.labAddress ? `: ${booking.labAddress}` : ""}`;
  return (
    <div>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/admin/bookings" className="inline-flex items-center gap-1 hover:underline">
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden /> Bookings
        </Link>
      </nav>
      <AdminHeader title={`Booking of ${booking.patientName}`} subtitle={`Booking ${booking.id.slice(0, 8)} · made ${dateTime.format(new Date(booking.createdAt))}`} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <span className={cn("font-medium capitalize", statusColour[booking.status] ?? "text-warning")} data-testid="booking-status">
          {statusLabel(booking.status)}
        </span>
        {booking.overdue ? <Badge variant="destructive">Overdue</Badge> : null}
        <StatusButtons current={booking.status} />
      </div>
      {booking.overdue ? (
        <p role="status" className="mt-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          Its time passed more than an hour ago and it is still {booking.status}: mark it completed or cancelled.
        </p>
      ) : null}

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Booking</CardTitle>
          </CardHeader>
          <CardContent>
            <Facts
              rows={[
                ["Patient", [booking.patientName, booking.patientEmail, booking.patientPhone].filter(Boolean).join(" · ")],
                [words.dateOfBirthLabel, words.birth(booking)],
                [words.sexLabel, words.sex(booking.patientSex)],
                ...(booking.referralDoctorName || booking.hasReferralFile
                  ? ([[words.referralLabel, <ReferralFacts facts={booking} href={`/admin/bookings/${booking.id}/referral`} />]] as [string, ReactNode][])
                  : []),
                [
                  "Test",
                  booking.testSlug ? (
                    <Link to={`/product/${booking.testSlug}`} className="hover:underline">
                      {booking.testName}
                    </Link>
                  ) : (
                    "Deleted test"
                  ),
                ],
                ["Lab", booking.labName ?? "—"],
                ["Collection", place],
                ["Date & Time", `${formatBookingDate(booking.scheduledDate)}, ${booking.scheduledTime}`],
                ["Price", price !== null ? formatAed(price) : "—"],
                ...(booking.homeCollectionFeeFils ? ([["Home collection fee", formatAed(booking.homeCollectionFeeFils)]] as [string, ReactNode][]) : []),
                ...(booking.cancellationFeeFils ? ([["Cancellation fee", formatAed(booking.cancellationFeeFils)]] as [string, ReactNode][]) : []),
                ...(booking.notes ? ([["Notes", booking.notes]] as [string, ReactNode][]) : []),
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Order and payment</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {booking.orderId ? (
              <Facts
                rows={[
                  ["Order", <span className="font-mono">{booking.orderId.slice(0, 8)}</span>],
                  ["Customer", booking.customerEmail],
                  ["Total", formatAed(booking.orderTotalFils!)],
                  ...(booking.cashDueFils !== null && booking.cashDueFils !== booking.orderTotalFils ? ([["Due at collection", formatAed(booking.cashDueFils)]] as [string, ReactNode][]) : []),
                  ["Payment", `${booking.paymentMethod === "cash_on_delivery" ? "Cash on delivery" : "Card"} · ${booking.paymentStatus}`],
                  ["Order status", <span className="capitalize">{booking.orderStatus}</span>],
                  ...(booking.paidAt ? ([["Paid", dateTime.format(new Date(booking.paidAt))]] as [string, ReactNode][]) : []),
                ]}
              />
            ) : (
              <p className="text-sm text-muted-foreground">Booked with Book Test: no order.</p>
            )}
            <div>
              <h3 className="text-sm font-semibold">Refunds</h3>
              {refunds.length === 0 ? (
                <p className="text-sm text-muted-foreground">No refunds.</p>
              ) : (
                <ul className="mt-1 grid gap-1 text-sm">
                  {refunds.map((refund) => (
                    <li key={refund.id}>
                      {formatAed(refund.amountFils)} · {refundReasonLabel(refund.reason)}
                      {refund.bookingId ? "" : " (whole order)"} ·{" "}
                      <span className={refund.status === "failed" ? "font-medium text-destructive" : "capitalize"}>
                        {refund.status === "failed" ? `Failed: ${refund.lastError ?? "unknown error"}` : refund.status}
                      </span>{" "}
                      · {dateTime.format(new Date(refund.createdAt))}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </CardContent>
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Timeline</CardTitle>
        </CardHeader>
        <CardContent>
          <BookingTimeline entries={timeline} token={token} />
        </CardContent>
      </Card>
    </div>
  );
}
