import { describe, expect, it } from "vitest";
import { fixtureBooking, fixtureBookingAr, fixtureContext, fixtureMessages, fixtureMessagesAr, fixtureOrder, fixtureOrderAr } from "~/modules/notifications/message-fixtures";
import { resultsReady } from "~/modules/notifications/message-text";
import { renderMessage, type MessageSubject } from "~/modules/notifications/render-message.server";
import { parseIcs } from "../../../tests/e2e/outbox";

const render = (message: MessageSubject) => renderMessage(message, fixtureContext);
const PREPARATION = "Fast for 10-12 hours before your sample is taken. Plain water is allowed and encouraged.";

describe("customer e-mails", () => {
  it("the VAT included is extracted per line as the tax invoice does, so a zero-rated line adds none", async () => {
    // 150.00 + 230.00 + 40.00 at 5 %: 7.14 + 10.95 + 1.90 (per line, as on the invoice), not 420 × 5/105 = 20.00.
    expect((await render({ kind: "order_received", order: fixtureOrder })).text).toContain("VAT (5%) included: AED 19.99");
    const [lipid, vitaminD, fee] = fixtureOrder.lines;
    const mixed = { ...fixtureOrder, lines: [{ ...lipid, vatRateBasisPoints: 0 }, vitaminD, fee] };
    expect((await render({ kind: "order_received", order: mixed })).text).toContain("VAT (5%) included: AED 12.85");
    const zero = { ...fixtureOrder, lines: [{ ...lipid, vatRateBasisPoints: 0 }] };
    expect((await render({ kind: "order_received", order: zero })).text).toContain("Zero-rated for VAT: no VAT included");
  });

  it("order received (cash on delivery): lines with lab, quantity, unit and total, the fee line, total and VAT, a dashboard link", async () => {
    const mail = await render({ kind: "order_received", order: fixtureOrder });
    expect(mail.to).toBe("mariam@example.com");
    expect(mail.subject).toBe("Order received: AED 420.00 to pay in cash");
    expect(mail.text).toContain("Lipid Profile · Al Reem Diagnostics\n1 × AED 150.00 = AED 150.00");
    expect(mail.text).toContain("Vitamin D (25-OH) · Capital Health Lab\n2 × AED 115.00 = AED 230.00");
    expect(mail.text).toContain("Home collection fee · Capital Health Lab\n1 × AED 40.00 = AED 40.00");
    expect(mail.text).toContain("Total: AED 420.00");
    expect(mail.text).toContain("VAT (5%) included: AED 19.99");
    expect(mail.html).toContain('href="https://labtesthub.ae/dashboard"');
    expect(mail.html).toContain("LabTest Hub");
    expect(mail.html).toContain("#0e6f7a");
    expect(mail.attachments).toEqual([]);
  });

  it("payment received (card): the amount paid and the same summary", async () => {
    const mail = await render({ kind: "payment_received", order: { ...fixtureOrder, paymentMethod: "stripe" } });
    expect(mail.subject).toBe("Payment received: AED 420.00");
    expect(mail.text).toContain("We received your card payment of AED 420.00");
    expect(mail.text).toContain("VAT (5%) included: AED 19.99");
  });

  it("booking confirmed: when and where, the test's preparation, and the calendar file", async () => {
    const mail = await render({ kind: "booking_confirmed", booking: fixtureBooking });
    expect(mail.subject).toBe("Booking confirmed: Lipid Profile on Tue, 24 Nov 2026 at 09:00");
    expect(mail.text).toContain("Where: Al Reem Diagnostics, Sky Tower, Shams Abu Dhabi, Al Reem Island");
    expect(mail.text).toContain(PREPARATION);
    expect(mail.html).toContain("<p>Avoid alcohol for 24 hours beforehand.</p>");
    const [ics] = mail.attachments;
    expect(ics).toMatchObject({ filename: "booking.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST" });
    expect(parseIcs(ics.content)).toMatchObject({
      uid: `booking-${fixtureBooking.id}@labtesthub.ae`,
      dtstart: "20261124T090000",
      tzid: "Asia/Dubai",
      location: "Al Reem Diagnostics, Sky Tower, Shams Abu Dhabi, Al Reem Island",
    });
  });

  it("a home visit's calendar file and mail give the home address", async () => {
    const home = { ...fixtureBooking, collectionType: "home" as const, homeAddress: "Villa 7, Street 12", homeArea: "Khalifa City", minutes: 60 };
    const mail = await render({ kind: "booking_confirmed", booking: home });
    expect(mail.text).toContain("Home collection at: Villa 7, Street 12, Khalifa City");
    expect(parseIcs(mail.attachments[0].content)).toMatchObject({ location: "Villa 7, Street 12, Khalifa City", dtend: "20261124T100000" });
  });

  it("reminder: the test's own preparation text; a test without any says so", async () => {
    const mail = await render({ kind: "booking_reminder", booking: fixtureBooking });
    expect(mail.subject).toBe("Reminder: Lipid Profile on Tue, 24 Nov 2026 at 09:00");
    expect(mail.text).toContain(PREPARATION);
    expect(mail.text).toContain("Keep taking your regular medicines");
    const none = await render({ kind: "booking_reminder", booking: { ...fixtureBooking, preparationHtml: null } });
    expect(none.text).toContain("No special preparation is needed for this test.");
  });

  it("rescheduled: the new and the previous time, and a calendar file with the same UID and a higher sequence", async () => {
    const [, , confirmed, , moved] = await Promise.all(fixtureMessages.map(render));
    expect(moved.subject).toBe("Booking moved: Lipid Profile now on Thu, 26 Nov 2026 at 10:30");
    expect(moved.text).toContain("Previously: Tue, 24 Nov 2026 at 09:00, Al Reem Diagnostics");
    const before = parseIcs(confirmed.attachments[0].content);
    const after = parseIcs(moved.attachments[0].content);
    expect(after).toMatchObject({ uid: before.uid, sequence: 1, dtstart: "20261126T103000", method: "REQUEST" });
  });

  it("cancelled: the refund and the fee, or nothing charged for cash on delivery; the calendar file cancels the event", async () => {
    const paid = await render(fixtureMessages[5]);
    expect(paid.subject).toBe("Booking cancelled: Lipid Profile on Tue, 24 Nov 2026 at 09:00");
    expect(paid.text).toContain("We are refunding AED 120.00 to your card");
    expect(paid.text).toContain("A late-cancellation fee of AED 30.00 applies");
    expect(parseIcs(paid.attachments[0].content)).toMatchObject({ method: "CANCEL", status: "CANCELLED", uid: `booking-${fixtureBooking.id}@labtesthub.ae`, sequence: 2 });

    const cash = await render({ kind: "booking_cancelled", booking: { ...fixtureBooking, status: "cancelled" }, refund: null });
    expect(cash.text).toContain("Nothing was charged, so there is nothing to refund.");
    expect(cash.text).not.toContain("refunding");
  });

  it("completed: when the results will be ready, from the lab's result time or the test's", async () => {
    const mail = await render({ kind: "booking_completed", booking: fixtureBooking });
    expect(mail.subject).toBe("Lipid Profile: your results will be ready in 24 hours");
    expect(mail.text).toContain("Your results will be ready in 24 hours.");
    expect(resultsReady({ resultHours: null, resultTime: "24-48 hours" })).toBe("in 24-48 hours");
    expect(resultsReady({ resultHours: null, resultTime: "Same day" })).toBe("the same day");
    // Issue 26: hours up to 72, then days (one formatter for every screen and e-mail).
    expect(resultsReady({ resultHours: 72, resultTime: null })).toBe("in 72 hours");
    expect(resultsReady({ resultHours: 96, resultTime: null })).toBe("in 4 days");
    expect(resultsReady({ resultHours: null, resultTime: null })).toBe("in 24-48 hours");
  });

  it("every message has HTML for a phone (a 600 px column at most) and a plain-text part", async () => {
    for (const message of fixtureMessages) {
      const mail = await render(message);
      expect(mail.html).toContain("max-width:600px");
      expect(mail.html).toContain('lang="en"');
      expect(mail.text.length).toBeGreaterThan(100);
      expect(mail.text).not.toContain("<");
    }
  });

  it("in Arabic: right to left, Arabic texts, amounts and dates, links to the Arabic site, amounts at the line's end", async () => {
    const order = await render({ kind: "order_received", order: fixtureOrderAr });
    expect(order.subject).toBe("تم استلام الطلب: ‏420.00 د.إ.‏ تُدفع نقداً");
    expect(order.html).toMatch(/<html dir="rtl" lang="ar"/);
    expect(order.html).toContain('href="https://labtesthub.ae/ar/dashboard"');
    expect(order.html).toMatch(/class="amount"[^>]*text-align:left/);
    expect(order.text).toContain("رسوم السحب المنزلي · مختبر العاصمة الصحي");
    expect(order.text).toContain("الإجمالي: ‏420.00 د.إ.‏");

    const cancelled = await render({ kind: "booking_cancelled", booking: { ...fixtureBookingAr, paid: true }, refund: { amountFils: 12_000, feeFils: 3_000 } });
    expect(cancelled.subject).toBe("تم إلغاء الحجز: فحص الدهون الشامل يوم الثلاثاء، 24 نوفمبر 2026 الساعة 09:00");
    expect(cancelled.text).toContain("سنعيد ‏120.00 د.إ.‏ إلى بطاقتك");
    expect(cancelled.text).toContain("رسوم إلغاء متأخر قدرها ‏30.00 د.إ.‏");

    const completed = await render({ kind: "booking_completed", booking: fixtureBookingAr });
    expect(completed.text).toContain("ستكون نتائجك جاهزة خلال 24 ساعة.");
    for (const message of fixtureMessagesAr) {
      const mail = await render(message);
      expect(mail.html, message.kind).toMatch(/<html dir="rtl" lang="ar"/);
      expect(mail.text, message.kind).not.toMatch(/\b(Hello|Your|Thank|order)\b/);
    }
  });
});

describe("the results-ready message", () => {
  it("carries a link to My Results in the customer's language and nothing medical: no test, no lab, no values", async () => {
    const context = { ...fixtureContext, siteUrl: "https://labtesthub.ae" };
    const english = await renderMessage({ kind: "results_ready", booking: { ...fixtureBooking, status: "completed" } }, context);
    expect(english.subject).toBe("Your results are ready");
    expect(english.html).toContain("https://labtesthub.ae/dashboard/results");
    for (const text of [english.html, english.text, english.subject]) {
      expect(text).not.toContain(fixtureBooking.testName);
      expect(text).not.toContain(fixtureBooking.patientName);
    }
    const arabic = await renderMessage({ kind: "results_ready", booking: { ...fixtureBookingAr, status: "completed" } }, context);
    expect(arabic.subject).toBe("نتائجك جاهزة");
    expect(arabic.html).toContain("https://labtesthub.ae/ar/dashboard/results");
  });
});
