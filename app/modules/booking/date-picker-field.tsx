import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { CalendarDays } from "~/components/ui/icons";
import { Popover } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { DayPicker } from "react-day-picker";
import { ar } from "react-day-picker/locale";
import { directionOf } from "~/i18n/languages";
import { useFormat } from "~/i18n/use-format";
import "react-day-picker/style.css";
import { Button } from "~/components/ui/button";
import { BookingHorizonHint, useBookingHorizon } from "~/modules/booking/booking-horizon";
import { cn } from "~/utils/cn";
import { BOOKING_TIME_ZONE, isCalendarDate, todayInDubai } from "~/utils/dubai-date";

const calendarTheme = {
  "--rdp-accent-color": "var(--color-primary)",
  "--rdp-accent-background-color": "var(--color-accent)",
} as React.CSSProperties;

function dubaiDate(value: string) {
  const [year, month, day] = value.split("-").map(Number);
  return new TZDate(year, month - 1, day, BOOKING_TIME_ZONE);
}

/**
 * The booking date: a calendar (react-day-picker) in a popover, days before today in Abu Dhabi and
 * after the booking horizon disabled (the hint under it says how far ahead), posting yyyy-MM-dd in
 * a hidden field named `name`.
 */
export function DatePickerField({
  id,
  name,
  defaultValue,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  name: string;
  defaultValue?: string | null;
  invalid?: boolean;
  describedBy?: string;
  /** Told the new yyyy-MM-dd date when one is picked. */
  onChange?: (value: string) => void;
}) {
  const { t } = useTranslation("checkout");
  const { language, calendarDate } = useFormat();
  const [value, setValue] = useState(defaultValue && isCalendarDate(defaultValue) ? defaultValue : "");
  const [open, setOpen] = useState(false);
  const today = dubaiDate(todayInDubai());
  const horizon = useBookingHorizon();
  const lastDay = horizon ? dubaiDate(horizon.lastDate) : undefined;
  const hintId = `${id}-horizon`;
  const selected = value ? dubaiDate(value) : undefined;
  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <Button
            id={id}
            type="button"
            variant="outline"
            layout="field"
            aria-invalid={invalid || undefined}
            aria-describedby={[describedBy, horizon ? hintId : null].filter(Boolean).join(" ") || undefined}
            className={cn("aria-[invalid=true]:border-destructive", !value && "text-muted-foreground")}
          >
            <CalendarDays aria-hidden />
            {value ? calendarDate(value) : t("Pick a date")}
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            className="z-[60] rounded-md border bg-background p-2 shadow-md"
          >
            <DayPicker
              mode="single"
              // Arabic: its month and day names, and the week laid out right to left.
              locale={language === "ar" ? ar : undefined}
              dir={directionOf(language)}
              style={calendarTheme}
              timeZone={BOOKING_TIME_ZONE}
              selected={selected}
              defaultMonth={selected ?? today}
              startMonth={today}
              endMonth={lastDay}
              disabled={lastDay ? [{ before: today }, { after: lastDay }] : { before: today }}
              onSelect={(date) => {
                if (!date) return;
                const picked = format(date, "yyyy-MM-dd");
                setValue(picked);
                setOpen(false);
                onChange?.(picked);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <input type="hidden" name={name} value={value} />
      {horizon ? <BookingHorizonHint horizon={horizon} id={hintId} /> : null}
    </>
  );
}
