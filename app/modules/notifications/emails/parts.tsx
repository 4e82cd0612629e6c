import { Button, Column, Row, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import type { BookingFacts, OrderLineFacts } from "~/modules/notifications/message-facts";
import type { Language } from "~/i18n/languages";
import { mailT, siteLink, visitWhen, visitWhere } from "~/modules/notifications/message-text";
import { vatIncludedIn } from "~/modules/invoices/vat";
import { colors, styles } from "~/modules/notifications/emails/layout";
import { formatAed } from "~/utils/money";
import { cancellationTermsSentences, type ChangePolicyFacts } from "~/modules/lifecycle/cancellation-policy";

const cell = { fontSize: "14px", lineHeight: "20px", color: colors.foreground, padding: "8px 0", borderBottom: `1px solid ${colors.border}` };

/**
 * The plain-text version reads table cells one after another: the amount cells carry a class
 * that renderMessage prefixes ("1 × AED 150.00 = AED 150.00", "Total: AED 420.00").
 */
export const amountCellSelectors = [
  { selector: "td.amount", format: "prefixed", options: { prefix: " = " } },
  { selector: "td.total", format: "prefixed", options: { prefix: ": " } },
];

/** An order's lines (test, lab, quantity × unit price, line total), its total and the VAT in it. */
export function OrderSummary({ lines, totalFils, language }: { lines: OrderLineFacts[]; totalFils: number; language: Language }) {
  const t = mailT(language);
  const money = (fils: number) => formatAed(fils, language);
  // The amounts sit at the end of the line: the right in English, the left in Arabic.
  const end = language === "ar" ? ({ textAlign: "left", paddingRight: "12px" } as const) : ({ textAlign: "right", paddingLeft: "12px" } as const);
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      {lines.map((line, index) => (
        <Row key={index}>
          <Column style={cell}>
            <strong>{line.kind === "home_collection_fee" && line.labName ? t("Home collection fee · {{lab}}", { lab: line.labName }) : line.name}</strong>
            {line.kind === "test" && line.labName ? <span style={{ color: colors.muted }}> · {line.labName}</span> : null}
            <br />
            <span style={{ color: colors.muted }}>
              {line.quantity} × {money(line.unitPriceFils)}
            </span>
          </Column>
          <Column className="amount" style={{ ...cell, verticalAlign: "top", whiteSpace: "nowrap", ...end }}>
            {money(line.totalPriceFils)}
          </Column>
        </Row>
      ))}
      <Row>
        <Column style={{ ...cell, fontWeight: 700, borderBottom: "none" }}>{t("Total")}</Column>
        <Column className="total" style={{ ...cell, fontWeight: 700, borderBottom: "none", textAlign: end.textAlign, whiteSpace: "nowrap" }}>
          {money(totalFils)}
        </Column>
      </Row>
      <Text style={styles.muted}>{vatLine(lines, language)}</Text>
    </Section>
  );
}

/** The VAT in the lines, extracted per line as their tax invoice does (decision 0065), so the two agree to the fil. */
function vatLine(lines: OrderLineFacts[], language: Language) {
  const t = mailT(language);
  if (lines.every((line) => line.vatRateBasisPoints === 0)) return t("Zero-rated for VAT: no VAT included");
  const vat = lines.reduce((sum, line) => sum + vatIncludedIn(line.totalPriceFils, line.vatRateBasisPoints), 0);
  return t("VAT (5%) included: {{amount}}", { amount: formatAed(vat, language) });
}

/**
 * The greeting. The patient's name (as typed in the form) greets only the account's own address;
 * a message to another person's address (bookedBy: the account's, verified) greets no one by a
 * typed name and says which account booked, so no visitor can word a message to a stranger.
 */
export function Greeting({ name, bookedBy, language, about }: { name: string; bookedBy: string | null; language: Language; about: "booking" | "order" }) {
  const t = mailT(language);
  if (!bookedBy) return <Text style={styles.text}>{t("Hello {{name}},", { name })}</Text>;
  return (
    <>
      <Text style={styles.text}>{t("Hello,")}</Text>
      <Text style={styles.text}>
        {about === "booking"
          ? t("{{account}} booked this lab test for you on LabTest Hub. If you do not know them, you can ignore this e-mail.", { account: bookedBy })
          : t("{{account}} placed this order for you on LabTest Hub. If you do not know them, you can ignore this e-mail.", { account: bookedBy })}
      </Text>
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text style={{ ...styles.text, margin: "0 0 6px" }}>
      <span style={{ color: colors.muted }}>{label} </span>
      {children}
    </Text>
  );
}

/** The test, when, where and for whom. */
export function VisitDetails({ booking, when }: { booking: BookingFacts; when?: ReactNode }) {
  const t = mailT(booking.language);
  return (
    <Section style={{ backgroundColor: colors.primarySoft, borderRadius: "8px", padding: "12px 16px", margin: "0 0 16px" }}>
      <Detail label={t("Test:")}>{booking.testName}</Detail>
      <Detail label={t("When:")}>{when ?? visitWhen(booking.start, booking.language)}</Detail>
      <Detail label={booking.collectionType === "home" ? t("Home collection at:") : t("Where:")}>{visitWhere(booking, booking.language)}</Detail>
      {booking.collectionType === "home" && booking.labName ? <Detail label={t("Lab:")}>{booking.labName}</Detail> : null}
      <Detail label={t("Patient:")}>{booking.patientName}</Detail>
    </Section>
  );
}

/** The test's own preparation instructions (fasting, water, medicines), as the catalogue gives them. */
export function Preparation({ html, language }: { html: string | null; language: Language }) {
  const t = mailT(language);
  return (
    <Section>
      <Text style={styles.h2}>{t("How to prepare")}</Text>
      {html ? (
        <div style={{ fontSize: "15px", lineHeight: "24px", color: colors.foreground }} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <Text style={styles.text}>{t("No special preparation is needed for this test.")}</Text>
      )}
    </Section>
  );
}

export function DashboardButton({ siteUrl, language, label }: { siteUrl: string; language: Language; label?: string }) {
  return (
    <Section style={{ margin: "16px 0 8px" }}>
      <Button href={siteLink(siteUrl, "/dashboard", language)} style={styles.button}>
        {label ?? mailT(language)("View your bookings")}
      </Button>
    </Section>
  );
}

/** The cancellation terms in the Terms' words (lifecycle/cancellation-policy.ts), in the message's language. */
export function CancellationTerms({ policy, language }: { policy: ChangePolicyFacts; language: Language }) {
  return (
    <>
      {cancellationTermsSentences(policy, language).map((sentence) => (
        <Text key={sentence} style={styles.muted}>
          {sentence}
        </Text>
      ))}
    </>
  );
}
