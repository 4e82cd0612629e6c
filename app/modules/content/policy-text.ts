import type { Language } from "~/i18n/languages";
import { SUPPORT_PHONE, type ChangePolicyFacts } from "~/modules/booking/change-policy";

// The sentences of the Terms (section 6) and the FAQ that state the booking change policy, in
// both languages, written from the numbers the code applies (booking/change-policy.ts and the
// LATE_CANCELLATION_FEE_PERCENT setting) so that the pages cannot say anything else
// (policy-texts.test.tsx reads the rendered pages). Long texts are translated as a whole, like
// the rest of the static pages, so each sentence is written here in English and in Arabic.

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
