import { useRouteLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useFormat } from "~/i18n/use-format";
import { lastBookableDate } from "~/modules/booking/change-policy";
import { todayInDubai } from "~/utils/dubai-date";

export type BookingHorizon = { days: number; lastDate: string };

/**
 * The booking horizon as the root loader gives it to every page (BOOKING_HORIZON_DAYS, read by
 * bookingHorizon() on the server), with its last day counted from `today` (Abu Dhabi).
 */
export function useBookingHorizon(today: string = todayInDubai()): BookingHorizon | null {
  const days = useRouteLoaderData<{ bookingHorizonDays?: number }>("root")?.bookingHorizonDays;
  return days ? { days, lastDate: lastBookableDate(today, days) } : null;
}

/** "You can book up to 90 days ahead, until Sun, 1 Mar 2027.": shown under every booking date picker. */
export function BookingHorizonHint({ horizon, id }: { horizon: BookingHorizon; id?: string }) {
  const { t } = useTranslation("checkout");
  const { t: catalogT } = useTranslation("catalog");
  const format = useFormat();
  return (
    <p id={id} className="text-xs text-muted-foreground" data-testid="booking-horizon">
      {t("You can book up to {{days}} ahead, until {{date}}.", {
        days: catalogT("{{count}} days", { count: horizon.days }),
        date: format.calendarDate(horizon.lastDate),
      })}
    </p>
  );
}
