import type { Language } from "~/i18n/languages";
import type { BookingStatus } from "~/modules/lifecycle/booking-status";
import type { CollectionType, OrderLineKind } from "~/modules/slots/collection-types";

/**
 * Where a booking or order message goes (issue 25: the site must not mail strangers whatever a
 * visitor types). To the account's own address, and to the patient's address typed in the form
 * when it is that same address (any case) or once the account's address is verified. `bookedBy`
 * is the account's address when the message goes to someone else: that message greets without
 * the typed name and says who booked.
 */
export function messageRecipient(account: { email: string; emailVerified: boolean }, patientEmail: string): { recipient: string; bookedBy: string | null } {
  const own = patientEmail.trim().toLowerCase() === account.email.trim().toLowerCase();
  if (own) return { recipient: patientEmail, bookedBy: null };
  return account.emailVerified ? { recipient: patientEmail, bookedBy: account.email } : { recipient: account.email, bookedBy: null };
}

/**
 * The language of a message about an order or a booking (decision 0058): the language of the
 * page it was made on, unless the customer chose a language on their profile (which then wins);
 * the profile's language for what was made before pages' languages were recorded.
 */
export function messageLanguage({ page, profile, chosenAt }: { page: Language | null; profile: Language | null; chosenAt: Date | null }): Language {
  if (page && !chosenAt) return page;
  return profile ?? page ?? "en";
}

/** Who a message is for: see messageRecipient. */
export type MessageAddressee = {
  /** The address the message is sent to. */
  recipient: string;
  /** The account's address when the recipient is another person's address, else null. */
  bookedBy: string | null;
};

/** One line of an order as the customer bought it: a test at a lab, or a home-collection fee. */
export type OrderLineFacts = {
  kind: OrderLineKind;
  name: string;
  labName: string | null;
  quantity: number;
  unitPriceFils: number;
  totalPriceFils: number;
  /** The line's VAT rate (500 = 5 %, 0 = zero-rated), as its tax invoice line has it. */
  vatRateBasisPoints: number;
};

/** What an order message says, read from the database when the message is sent. */
export type OrderFacts = MessageAddressee & {
  /** The customer's language (their profile's); names are given in it where translated. */
  language: Language;
  id: string;
  customerName: string;
  customerEmail: string;
  paymentMethod: "stripe" | "cash_on_delivery";
  totalFils: number;
  lines: OrderLineFacts[];
};

/** What a booking message says, read from the database when the message is sent. */
export type BookingFacts = MessageAddressee & {
  /** The customer's language (their profile's); names and preparation are given in it where translated. */
  language: Language;
  id: string;
  orderId: string | null;
  status: BookingStatus;
  patientName: string;
  patientEmail: string;
  testName: string;
  /** The test's preparation instructions (sanitised rich text), or null when it has none. */
  preparationHtml: string | null;
  /** The lab's result time for this test in hours, else null. */
  resultHours: number | null;
  /** The test's own result time text ("24-48 hours", "Same day"), else null. */
  resultTime: string | null;
  labName: string | null;
  labAddress: string | null;
  collectionType: CollectionType | null;
  homeAddress: string | null;
  homeArea: string | null;
  /** The visit's start (the slot, or the booked date and time in Asia/Dubai). */
  start: Date;
  /** The visit's length: the lab's slot minutes for the collection type, else 30. */
  minutes: number;
  calendarSequence: number;
  /** How the order was paid: null for a booking without an order (Book Test: paid at the lab). */
  paymentMethod: "stripe" | "cash_on_delivery" | null;
  paid: boolean;
};

/** Where the links and the calendar file point, and who sends; `stamp` fixes the calendar's DTSTAMP (previews). */
export type MessageContext = {
  siteUrl: string;
  calendarHost: string;
  mailFrom: string;
  stamp?: Date;
  /** The LATE_CANCELLATION_FEE_PERCENT setting: the e-mails state the cancellation terms with it (decision 0053). */
  lateCancellationFeePercent: number;
};
