import { I18nProvider } from "@lingui/react";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { i18nFor } from "~/i18n/i18n.server";
import { languageOfPath } from "~/i18n/languages";
import { CHANGE_CUTOFF_MINUTES, FREE_CANCELLATION_HOURS } from "~/modules/booking/change-policy";
import { hoursAr } from "~/modules/content/policy-text";
import FaqsRoute, { loader as faqsLoader } from "~/routes/faqs";
import { CancellationTermsNote } from "~/modules/booking/cancellation-terms-note";
import { currentChangePolicy } from "~/modules/booking/change-policy.server";
import { cancellationTermsSentences, changePolicyFacts } from "~/modules/lifecycle/cancellation-policy";
import { fixtureBooking, fixtureContext, fixtureOrder } from "~/modules/notifications/message-fixtures";
import { renderMessage } from "~/modules/notifications/render-message.server";
import TermsRoute, { loader as termsLoader } from "~/routes/terms";

// The Terms and the FAQ state the booking change policy: they must say what the code does, with
// the numbers the code applies (change-policy.ts, LATE_CANCELLATION_FEE_PERCENT), in both
// languages. The fee is set to 40 % here, not the default, so a hand-written "25 %" would show.
const FEE_PERCENT = 40;
const CUTOFF_HOURS = CHANGE_CUTOFF_MINUTES / 60;

beforeAll(() => {
  vi.stubEnv("LATE_CANCELLATION_FEE_PERCENT", String(FEE_PERCENT));
});

/** The page's text as the server renders it (its loader, then its component at `path`). */
async function pageText(route: "terms" | "faqs", path: string) {
  const [Route, loader] = route === "terms" ? [TermsRoute, termsLoader] : [FaqsRoute, faqsLoader];
  // The framework hands a route's component its loader's data as a prop.
  const Page = Route as unknown as ComponentType<{ loaderData: ReturnType<typeof loader> }>;
  const loaderData = loader();
  const router = createMemoryRouter([{ path: "*", Component: () => <Page loaderData={loaderData} /> }], { initialEntries: [path] });
  const markup = renderToStaticMarkup(
    <I18nProvider i18n={i18nFor(languageOfPath(path))}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe.each([
  ["Terms", "terms", "/terms", "/ar/terms"],
  ["FAQ", "faqs", "/faqs", "/ar/faqs"],
] as const)("the %s page", (_name, route, englishPath, arabicPath) => {
  it("states the change limits, the late-cancellation fee and the refund the code applies, in English", async () => {
    const text = await pageText(route, englishPath);
    expect(text).toContain(`up to ${CUTOFF_HOURS} hours before`);
    expect(text).toContain(`more than ${FREE_CANCELLATION_HOURS} hours before`);
    expect(text).toContain(`If you cancel less than ${FREE_CANCELLATION_HOURS} hours (and at least ${CUTOFF_HOURS} hours) before the appointment`);
    expect(text).toContain(`a late-cancellation fee of ${FEE_PERCENT}% of what you paid by card for the booking, home collection fee included, is kept`);
    expect(text).toContain(`the other ${100 - FEE_PERCENT}% is refunded`);
    expect(text).not.toMatch(/review the request with the partner lab|25%/);
  });

  it("states the same numbers in Arabic", async () => {
    const text = await pageText(route, arabicPath);
    expect(text).toContain(`حتى ${hoursAr(CUTOFF_HOURS)} قبل`);
    expect(text).toContain(`أكثر من ${hoursAr(FREE_CANCELLATION_HOURS)}`);
    expect(text).toContain(`رسوم إلغاء متأخر قدرها ${FEE_PERCENT}% مما دفعته بالبطاقة`);
    expect(text).toContain(`ويُعاد إليك الباقي (${100 - FEE_PERCENT}%)`);
    expect(text).not.toMatch(/نراجع الطلب مع المختبر الشريك|25%/);
  });
});

it("writes the hours in Arabic as the number requires", () => {
  expect([CUTOFF_HOURS, FREE_CANCELLATION_HOURS].map(hoursAr)).toEqual(["ساعتين", "24 ساعة"]);
  expect([1, 3, 11].map(hoursAr)).toEqual(["ساعة واحدة", "3 ساعات", "11 ساعة"]);
});

// Issue 26: checkout, the confirmation and the e-mails state the same terms, with the same numbers.
describe("the cancellation terms outside the pages", () => {
  const stripTags = (markup: string) =>
    markup
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ");
  const expectTerms = (text: string) => {
    expect(text).toContain(`up to ${CUTOFF_HOURS} hours before`);
    expect(text).toContain(`more than ${FREE_CANCELLATION_HOURS} hours before`);
    expect(text).toContain(`a late-cancellation fee of ${FEE_PERCENT}% of what you paid by card for the booking, home collection fee included, is kept`);
    expect(text).not.toMatch(/25%/);
  };

  it("checkout's payment step and the confirmation show the Terms' sentences with the policy module's numbers", async () => {
    const policy = currentChangePolicy();
    expect(policy).toEqual(changePolicyFacts({ lateCancellationFeePercent: FEE_PERCENT }));
    const router = createMemoryRouter([{ path: "*", Component: () => <CancellationTermsNote policy={policy} /> }], { initialEntries: ["/checkout"] });
    const text = stripTags(
      renderToStaticMarkup(
        <I18nProvider i18n={i18nFor("en")}>
          <RouterProvider router={router} />
        </I18nProvider>,
      ),
    );
    expectTerms(text);
    // The terms page says the same sentences.
    expect(await pageText("terms", "/terms")).toContain(cancellationTermsSentences(policy, "en")[2]);
  });

  it("the booking and order e-mails state them too", async () => {
    const context = { ...fixtureContext, lateCancellationFeePercent: currentChangePolicy().lateCancellationFeePercent };
    const booking = await renderMessage({ kind: "booking_confirmed", booking: fixtureBooking }, context);
    expectTerms(booking.text);
    const order = await renderMessage({ kind: "order_received", order: fixtureOrder }, context);
    expectTerms(order.text);
  });
});
