// The sentences of the Terms (section 6) and the FAQ that state the booking change policy, in
// both languages, written from the numbers the code applies (booking/change-policy.ts and the
// LATE_CANCELLATION_FEE_PERCENT setting) so that the pages cannot say anything else
// (policy-texts.test.tsx reads the rendered pages). Long texts are translated as a whole, like
// the rest of the static pages, so each sentence is written here in English and in Arabic.
// The sentences now live in lifecycle/cancellation-policy.ts, where checkout and the e-mails read
// them too (decision 0053).
export {
  cancellationTermsSentences,
  changeCutoffSentence,
  freeCancellationSentence,
  hoursAr,
  hoursEn,
  lateCancellationSentence,
} from "~/modules/lifecycle/cancellation-policy";
