import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Link } from "~/i18n/link";
import { localizedField } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import { useMessageTranslator } from "~/i18n/use-message";

export type ChangedBooking = {
  testName: string | null;
  testNameAr?: string | null;
  patientName: string;
  scheduledDate: string;
  scheduledTime: string;
  labName: string | null;
  labNameAr?: string | null;
  collectionType: string | null;
  units: number;
};

/** The frame of the Reschedule and Cancel pages: the title, the booking, then the step. */
export function BookingChangePage({ title, booking, children }: { title: string; booking: ChangedBooking; children: ReactNode }) {
  const { t } = useTranslation("account");
  return (
    <div className="mx-auto grid max-w-2xl grid-cols-1 gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{title}</h1>
      <Card>
        <CardHeader>
          <CardTitle>{t("Your booking")}</CardTitle>
        </CardHeader>
        <CardContent>
          <BookingChangeSummary booking={booking} />
        </CardContent>
      </Card>
      {children}
    </div>
  );
}

/** Why the booking cannot be changed (too late, cancelled, completed), with the way back. */
export function ChangeRefused({ reason }: { reason: string }) {
  const { t } = useTranslation("account");
  const translate = useMessageTranslator();
  return (
    <>
      <p className="text-sm" data-testid="change-refused">
        {translate(reason)}
      </p>
      <div>
        <Button asChild variant="outline">
          <Link to="/dashboard">{t("Back to My Dashboard")}</Link>
        </Button>
      </div>
    </>
  );
}

/** A refused confirmation's message, announced. */
export function ChangeFailure({ message }: { message: string | null }) {
  const translate = useMessageTranslator();
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
      {translate(message)}
    </p>
  );
}

/** The booking a change page is about: test, patient, time and place. */
export function BookingChangeSummary({ booking }: { booking: ChangedBooking }) {
  const { t } = useTranslation("account");
  const format = useFormat();
  const testName = booking.testName ? localizedField(booking.testName, booking.testNameAr, format.language).text : t("Test no longer available");
  const rows: [string, string][] = [
    [t("Test"), `${testName}${booking.units > 1 ? ` × ${booking.units}` : ""}`],
    [t("Patient"), booking.patientName],
    [t("When"), t("{{date}} at {{time}}", { date: format.calendarDate(booking.scheduledDate), time: booking.scheduledTime })],
  ];
  if (booking.labName) {
    const labName = localizedField(booking.labName, booking.labNameAr, format.language).text;
    rows.push([t("Where"), `${labName} · ${booking.collectionType === "home" ? t("Home collection") : t("Walk-in")}`]);
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="booking-summary">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
