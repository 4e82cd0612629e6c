import { I18nProvider } from "@lingui/react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { i18nFor } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { MyBookingsList } from "~/modules/booking/my-bookings-list";

type Bookings = Parameters<typeof MyBookingsList>[0]["bookings"];

const walkIn = {
  id: "b1",
  testName: "Lipid Profile",
  testNameAr: "فحص الدهون",
  testPriceFils: 15_000,
  priceFils: 15_000,
  patientName: "Layla Haddad",
  scheduledDate: "2026-12-03",
  scheduledTime: "10:30",
  slotStart: "2026-12-03T06:30:00.000Z",
  labName: "Reem Lab",
  labNameAr: "مختبر الريم",
  collectionType: "walk_in",
  status: "confirmed",
  cancellationFeeFils: null,
  refunds: [],
  changes: null,
  nearby: { time: "09:00", labName: "Home Lab", labNameAr: "مختبر المنزل", collectionType: "home" },
} satisfies Bookings[number];

/** My Bookings as the dashboard renders it on the server, in `language`. */
function render(bookings: Bookings, language: Language) {
  const router = createMemoryRouter([{ path: "*", Component: () => <MyBookingsList bookings={bookings} /> }], {
    initialEntries: [language === "ar" ? "/ar/dashboard" : "/dashboard"],
  });
  return renderToStaticMarkup(
    <I18nProvider i18n={i18nFor(language)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

test("a booking with the patient's visit elsewhere close in time says when and where, and to leave time to travel", () => {
  expect(render([walkIn], "en")).toContain(
    "Layla Haddad also has a booking at 09:00 that day (Home Lab · Home collection). Leave time to get from one place to the other.",
  );
  const arabic = render([walkIn], "ar");
  expect(arabic).toContain("مختبر المنزل · سحب منزلي");
  expect(arabic).toContain("اترك وقتًا كافيًا للانتقال");
  expect(arabic).not.toContain("Leave time");
});

test("a booking without one says nothing of it", () => {
  expect(render([{ ...walkIn, nearby: null }], "en")).not.toContain("Leave time");
  expect(render([{ ...walkIn, nearby: null }], "en")).not.toContain('data-testid="booking-nearby"');
});
