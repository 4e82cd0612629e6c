import type { Language } from "~/i18n/languages";

/**
 * The booking change policy's numbers and the sentences that state them (issue 26, decision
 * 0053): the Terms (section 6), the FAQ, checkout, the confirmation and the e-mails all say the
 * policy with these sentences, written from the numbers the code applies (the 2- and 24-hour
 * limits here, the LATE_CANCELLATION_FEE_PERCENT setting), so no two places can differ. It lives
 * in lifecycle/ (the lowest layer) so that every module showing it can import it; booking's
 * change-policy.ts and content's policy-text.ts re-export it. Client-safe.
 */

/** Changes are allowed up to this long before the appointment. */
export const CHANGE_CUTOFF_MINUTES = 120;
/** Cancelling more than this long before the appointment refunds in full. */
export const FREE_CANCELLATION_HOURS = 24;

export const SUPPORT_PHONE = "+971 2 555 0100";

/**
 * The numbers of these rules that the Terms (section 6) and the FAQ state, from the values the
 * code applies: the 2- and 24-hour limits above and the late-cancellation fee setting. The
 * pages render their sentences from this (content/policy-text.ts), never from a hand-written
 * copy; content/policy-texts.test.tsx reads the rendered pages for these numbers.
 */
export type ChangePolicyFacts = {
  /** Changes and cancellations online up to this many hours before the appointment (2). */
  changeCutoffHours: number;
  /** Cancelling more than this many hours ahead refunds in full (24). */
  freeCancellationHours: number;
  /** The share (0-100) of what a card paid for a booking that a late cancellation keeps (LATE_CANCELLATION_FEE_PERCENT). */
  lateCancellationFeePercent: number;
  // The booking horizon (issue 25, "Bookings and reschedules accept 9999-12-31") joins here as
  // its own number, stated by the FAQ's "How far in advance should I book?" (content/faqs*.ts).
};

/** The stated numbers, given the settings (see change-policy.server.ts for this deployment's). */
export function changePolicyFacts(settings: { lateCancellationFeePercent: number }): ChangePolicyFacts {
  return {
    changeCutoffHours: CHANGE_CUTOFF_MINUTES / 60,
    freeCancellationHours: FREE_CANCELLATION_HOURS,
    lateCancellationFeePercent: settings.lateCancellationFeePercent,
  };
}

/** "2 hours", "24 hours". */
export function hoursEn(hours: number) {
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

/** The same in Arabic, with the number's agreement: ساعة واحدة، ساعتين، 3 ساعات، 24 ساعة. */
export function hoursAr(hours: number) {
  switch (new Intl.PluralRules("ar").select(hours)) {
    case "one":
      return "ساعة واحدة";
    case "two":
      return "ساعتين";
    case "few":
      return `${hours} ساعات`;
    default:
      return `${hours} ساعة`;
  }
}

/** What cancelling inside the late window does to a card payment: the fee kept, the rest refunded. */
export function lateCancellationSentence(policy: ChangePolicyFacts, language: Language) {
  const fee = policy.lateCancellationFeePercent;
  if (language === "ar") {
    const when = `إذا ألغيت قبل أقل من ${hoursAr(policy.freeCancellationHours)} من الموعد (وقبل ${hoursAr(policy.changeCutoffHours)} على الأقل)`;
    if (fee === 0) return `${when}، تسترد المبلغ كاملاً أيضاً: لا تُحتسب رسوم إلغاء متأخر.`;
    const kept = `تُحتجز رسوم إلغاء متأخر قدرها ${fee}% مما دفعته بالبطاقة مقابل الحجز، بما في ذلك رسوم السحب المنزلي`;
    return fee === 100 ? `${when}، ${kept}، فلا يُسترد شيء.` : `${when}، ${kept}، ويُعاد إليك الباقي (${100 - fee}%) تلقائياً.`;
  }
  const when = `If you cancel less than ${hoursEn(policy.freeCancellationHours)} (and at least ${hoursEn(policy.changeCutoffHours)}) before the appointment`;
  if (fee === 0) return `${when}, you also receive a full refund: no late-cancellation fee applies.`;
  const kept = `a late-cancellation fee of ${fee}% of what you paid by card for the booking, home collection fee included, is kept`;
  return fee === 100 ? `${when}, ${kept}: nothing is refunded.` : `${when}, ${kept}, and the other ${100 - fee}% is refunded automatically.`;
}

/** Up to when a booking can be changed online, and what to do after that. */
export function changeCutoffSentence(policy: ChangePolicyFacts, language: Language) {
  return language === "ar"
    ? `يمكنك تغيير موعد الحجز أو إلغاؤه من لوحة التحكم حتى ${hoursAr(policy.changeCutoffHours)} قبل الموعد؛ وبعد ذلك يرجى الاتصال بنا على \u200e${SUPPORT_PHONE}.`
    : `You can reschedule or cancel a booking from your dashboard up to ${hoursEn(policy.changeCutoffHours)} before the appointment; after that, please call us on ${SUPPORT_PHONE}.`;
}

/** What an early cancellation gives back. */
export function freeCancellationSentence(policy: ChangePolicyFacts, language: Language) {
  return language === "ar"
    ? `إذا ألغيت قبل أكثر من ${hoursAr(policy.freeCancellationHours)} من الموعد، تسترد كامل ما دفعته بالبطاقة مقابل الحجز، بما في ذلك رسوم السحب المنزلي.`
    : `If you cancel more than ${hoursEn(policy.freeCancellationHours)} before the appointment, you receive a full refund of what you paid by card for the booking, home collection fee included.`;
}

/**
 * The policy in the Terms' words, in order: when a booking can still be changed online, what an
 * early cancellation gives back, and what a late one keeps. Checkout, the confirmation and the
 * e-mails show these (a booking not paid by card is charged nothing when cancelled).
 */
export function cancellationTermsSentences(policy: ChangePolicyFacts, language: Language): string[] {
  return [changeCutoffSentence(policy, language), freeCancellationSentence(policy, language), lateCancellationSentence(policy, language)];
}
