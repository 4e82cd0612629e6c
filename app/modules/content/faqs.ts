import type { ChangePolicyFacts } from "~/modules/booking/change-policy";
import { freeCancellationSentence, hoursEn, lateCancellationSentence } from "~/modules/content/policy-text";

/**
 * An answer as written here: text, or, for an answer that states the booking change policy, the
 * text made from the policy's numbers as the code applies them (writtenFaqs fills them in).
 */
export type FaqAnswer = string | ((policy: ChangePolicyFacts) => string);

export type FaqGroup = {
  title: string;
  items: { question: string; answer: FaqAnswer }[];
};

/** The FAQs as the page shows them: every answer a text. */
export type WrittenFaqGroup = { title: string; items: { question: string; answer: string }[] };

/** The groups with the policy's answers written from `policy` (change-policy.server.ts's currentChangePolicy). */
export function writtenFaqs(groups: FaqGroup[], policy: ChangePolicyFacts): WrittenFaqGroup[] {
  return groups.map((group) => ({
    title: group.title,
    items: group.items.map((item) => ({ question: item.question, answer: typeof item.answer === "string" ? item.answer : item.answer(policy) })),
  }));
}

export const faqGroups: FaqGroup[] = [
  {
    title: "Booking & Scheduling",
    items: [
      {
        question: "How do I book a lab test?",
        answer:
          "Search for the test or package you need, compare the prices offered by our partner labs and choose Book This Test. Enter the patient's name, e-mail and phone number, pick a date and time, and confirm. You need a free LabTest Hub account to complete a booking; if you are not signed in, we keep your details while you create one.",
      },
      {
        question: "Can I book a test for a family member?",
        answer:
          "Yes. From your own account you can book for anyone, such as a parent, spouse or child. Simply enter that person's name and contact details in the patient fields. Results are issued in the patient's name, so please make sure the details match their Emirates ID or passport.",
      },
      {
        question: "How far in advance should I book?",
        answer:
          "You can book any future date; past dates cannot be selected. Early-morning slots are popular for fasting tests and tend to fill up first, so booking a day or two ahead gives you the widest choice of times.",
      },
      {
        question: "Can I reschedule or cancel my appointment?",
        answer: (policy) =>
          `Yes. You can reschedule or cancel up to ${hoursEn(policy.changeCutoffHours)} before your appointment. Manage your bookings from your dashboard, or contact our support team on +971 2 555 0100. ${freeCancellationSentence(policy, "en")} ${lateCancellationSentence(policy, "en")}`,
      },
    ],
  },
  {
    title: "Home Sample Collection",
    items: [
      {
        question: "How does home sample collection work?",
        answer:
          "A trained, licensed phlebotomist from the partner lab visits your home, hotel or office at the time you booked. The collection usually takes 10 to 15 minutes using sterile, single-use equipment, and the sample is transported to the lab under controlled conditions.",
      },
      {
        question: "How much does home collection cost?",
        answer:
          "The home collection fee is about AED 30-50, depending on the partner lab and your location within Abu Dhabi. The exact fee is shown before you confirm your booking.",
      },
      {
        question: "Which areas do you cover?",
        answer:
          "Home collection is available across the city of Abu Dhabi and many surrounding communities. Coverage can vary by partner lab, so if a time slot is not offered for your area, try another lab or contact us and we will help you find an option.",
      },
      {
        question: "How should I prepare for my sample collection?",
        answer:
          "Each test page lists its preparation instructions. Some tests, such as fasting glucose or a lipid profile, require 8 to 12 hours of fasting with water only. Drink water, wear a top with loose sleeves, and have the patient's ID ready. Tell the phlebotomist about any medicines you take.",
      },
    ],
  },
  {
    title: "Results",
    items: [
      {
        question: "How long do results take?",
        answer:
          "Most results arrive in 24-48 hours after your sample reaches the lab. Complex tests, such as genetic, specialised hormone or some allergy panels, take 3-7 days. The expected turnaround time is shown on every test page.",
      },
      {
        question: "How will I receive my results?",
        answer:
          "Results are delivered digitally as a report you can view, download and print. We recommend keeping a copy for your records and sharing it with your doctor.",
      },
      {
        question: "Who will explain my results to me?",
        answer:
          "Lab reports show your values next to the laboratory's reference ranges, but only a qualified doctor can interpret them in the context of your health. If a result is outside the normal range, please discuss it with your doctor. LabTest Hub does not provide diagnosis or medical advice.",
      },
      {
        question: "Are the partner labs accredited?",
        answer:
          "Every partner lab on LabTest Hub is licensed by the relevant UAE health authority and must follow its quality standards for testing and reporting. Your sample is analysed by the lab you chose at booking.",
      },
    ],
  },
  {
    title: "Payments & Refunds",
    items: [
      {
        question: "Which payment methods do you accept?",
        answer:
          "You can pay online by debit or credit card through our secure payment provider, or choose cash on delivery and pay on the day of your appointment. Card payments are processed by the payment provider; we never see or store your full card number.",
      },
      {
        question: "Do prices include VAT?",
        answer:
          "Yes. All prices are shown in UAE dirhams (AED) and include VAT and any other applicable taxes. The total in your cart is the amount you pay for the tests; any home collection fee is shown separately before you confirm.",
      },
      {
        question: "How do refunds work?",
        answer: (policy) =>
          `${freeCancellationSentence(policy, "en")} ${lateCancellationSentence(policy, "en")} Refunds are returned to the original card and take 7-14 business days to appear, depending on your bank. Cash on delivery orders that are cancelled before collection have nothing to refund.`,
      },
      {
        question: "Can I use health insurance?",
        answer:
          "Payments on LabTest Hub are made directly by card or cash, and we do not bill insurers. Your report and receipt can be used to submit a reimbursement claim if your policy allows it; please check the terms of your plan with your insurer.",
      },
    ],
  },
  {
    title: "Accounts & Privacy",
    items: [
      {
        question: "Do I need an account?",
        answer:
          "You can search tests, compare prices and add items to your cart without an account. To book a test or check out, you need to sign in or create a free account with your e-mail address and a password.",
      },
      {
        question: "How do I update my profile?",
        answer:
          "Open your dashboard and choose Edit Profile to change your first name, last name and phone number. Your dashboard also shows your order history and upcoming bookings.",
      },
      {
        question: "How is my health information protected?",
        answer:
          "We treat health data as sensitive personal data under UAE Federal Decree-Law No. 45 of 2021 on the Protection of Personal Data. Data is encrypted in transit, access is limited to people who need it, and your test details are shared only with the partner lab that performs your test. See our Privacy Policy for details.",
      },
      {
        question: "How can I delete my account?",
        answer:
          "E-mail support@labtesthub.ae from the address linked to your account and ask us to delete it. We will confirm once your account has been removed. Some order and payment records must be kept for the period required by UAE law, as explained in our Privacy Policy.",
      },
    ],
  },
];

/** schema.org FAQPage structured data: every question with its answer, as the page shows them. */
export function faqPageJsonLd(groups: WrittenFaqGroup[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: groups.flatMap((group) =>
      group.items.map((item) => ({
        "@type": "Question",
        name: item.question,
        acceptedAnswer: { "@type": "Answer", text: item.answer },
      })),
    ),
  };
}
