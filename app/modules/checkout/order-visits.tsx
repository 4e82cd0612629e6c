import { useTranslation } from "~/i18n/use-translation";
import { localizedField } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import type { BookingStatus } from "~/modules/lifecycle/booking-status";
import { bookingStatusWords } from "~/modules/lifecycle/patient-status";
import { PatientStatusBadge } from "~/modules/lifecycle/status-badge";
import { appointmentOf } from "~/modules/slots/appointment-time";

export type OrderVisit = {
  id: string;
  testName: string | null;
  testNameAr: string | null;
  labName: string | null;
  labNameAr: string | null;
  collectionType: string | null;
  slotStart: Date | string | null;
  scheduledDate: string;
  scheduledTime: string;
  status: BookingStatus;
  /** Who the visit is for (each unit's own patient when the units name saved patients). */
  patientName?: string;
};

/**
 * An order's bookings as they are now, on the confirmation and the payment page: what, where,
 * when (the slot, appointment-time.ts) and the booking's status in a patient's words, the same
 * words My Bookings shows.
 */
export function OrderVisits({ visits }: { visits: OrderVisit[] }) {
  const { t } = useTranslation("account");
  const format = useFormat();
  if (visits.length === 0) return null;
  return (
    <ul className="grid w-full gap-2 text-start text-sm" aria-label={t("My bookings")}>
      {visits.map((visit) => {
        const appointment = appointmentOf(visit)!;
        const test = visit.testName ? localizedField(visit.testName, visit.testNameAr, format.language).text : t("Test no longer available");
        const lab = visit.labName ? localizedField(visit.labName, visit.labNameAr, format.language).text : null;
        const where = lab ? `${lab} · ${visit.collectionType === "home" ? t("Home collection") : t("Walk-in")}` : null;
        return (
          <li key={visit.id} className="grid gap-1 rounded-md border p-3" data-testid="order-visit">
            <span className="font-medium">{test}</span>
            {visit.patientName ? (
              <span data-testid="order-visit-patient">{t("For {{patient}}", { patient: visit.patientName })}</span>
            ) : null}
            <span className="text-muted-foreground">
              <span data-testid="order-visit-time">{t("{{date}} at {{time}}", { date: format.calendarDate(appointment.date), time: appointment.time })}</span>
              {where ? ` · ${where}` : ""}
            </span>
            <span>
              <PatientStatusBadge words={bookingStatusWords(visit.status)} status={visit.status} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
