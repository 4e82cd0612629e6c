import { I18nProvider } from "@lingui/react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { i18nFor } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { SlotPicker } from "~/modules/booking/booking-choices-fields";
import type { DayBooking } from "~/modules/booking/booking-options";

const booked: DayBooking[] = [
  { time: "09:00", patientName: "Layla Haddad", labName: "Home Lab", labNameAr: "مختبر المنزل", type: "home", homeArea: "Al Mushrif" },
  { time: "11:00", patientName: "Omar Haddad", labName: "Reem Lab", labNameAr: null, type: "walk_in", homeArea: null },
];

/** The Book Test form's times on 3 December, with the account's bookings that day, in `language`. */
function render(language: Language, dayBookings?: DayBooking[]) {
  const picker = () => (
    <SlotPicker
      idPrefix="book"
      labName="Reem Lab"
      date="2026-12-03"
      slots={[{ time: "10:30", status: "free", free: 2 }]}
      time="10:30"
      onPick={() => {}}
      loading={false}
      booked={dayBookings}
    />
  );
  const router = createMemoryRouter([{ path: "*", Component: picker }], { initialEntries: [language === "ar" ? "/ar/book/x" : "/book/x"] });
  return renderToStaticMarkup(
    <I18nProvider i18n={i18nFor(language)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

test("the day's times list the patient's own bookings that day, who and where, and say to leave time to travel", () => {
  const english = render("en", booked);
  expect(english).toContain("Your bookings on");
  expect(english).toMatch(/09:00<\/bdi> · <bdi>Layla Haddad<\/bdi> · Home Lab · Home collection · Al Mushrif/);
  expect(english).toMatch(/11:00<\/bdi> · <bdi>Omar Haddad<\/bdi> · Reem Lab · Walk-in/);
  expect(english).toContain("Leave time to get from one place to the other.");

  const arabic = render("ar", booked);
  expect(arabic).toContain("حجوزاتك في");
  expect(arabic).toContain("مختبر المنزل · سحب العينات من المنزل · المشرف");
  expect(arabic).toContain("اترك وقتًا كافيًا للانتقال من مكان إلى آخر.");
  expect(arabic).not.toContain("Leave time");
});

test("without bookings that day (or signed out) the times say nothing of them", () => {
  expect(render("en")).not.toContain('data-testid="day-bookings"');
  expect(render("en", [])).not.toContain('data-testid="day-bookings"');
});
