import { Button, Column, Row, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import type { BookingFacts, OrderLineFacts } from "~/modules/notifications/message-facts";
import { vatIncludedFils, visitWhen, visitWhere } from "~/modules/notifications/message-text";
import { colors, styles } from "~/modules/notifications/emails/layout";
import { formatAed } from "~/utils/money";

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
export function OrderSummary({ lines, totalFils }: { lines: OrderLineFacts[]; totalFils: number }) {
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      {lines.map((line, index) => (
        <Row key={index}>
          <Column style={cell}>
            <strong>{line.name}</strong>
            {line.kind === "test" && line.labName ? <span style={{ color: colors.muted }}> · {line.labName}</span> : null}
            <br />
            <span style={{ color: colors.muted }}>
              {line.quantity} × {formatAed(line.unitPriceFils)}
            </span>
          </Column>
          <Column className="amount" style={{ ...cell, textAlign: "right", verticalAlign: "top", whiteSpace: "nowrap", paddingLeft: "12px" }}>
            {formatAed(line.totalPriceFils)}
          </Column>
        </Row>
      ))}
      <Row>
        <Column style={{ ...cell, fontWeight: 700, borderBottom: "none" }}>Total</Column>
        <Column className="total" style={{ ...cell, fontWeight: 700, borderBottom: "none", textAlign: "right", whiteSpace: "nowrap" }}>
          {formatAed(totalFils)}
        </Column>
      </Row>
      <Text style={styles.muted}>VAT (5%) included: {formatAed(vatIncludedFils(totalFils))}</Text>
    </Section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text style={{ ...styles.text, margin: "0 0 6px" }}>
      <span style={{ color: colors.muted }}>{label}: </span>
      {children}
    </Text>
  );
}

/** The test, when, where and for whom. */
export function VisitDetails({ booking, when }: { booking: BookingFacts; when?: ReactNode }) {
  return (
    <Section style={{ backgroundColor: colors.primarySoft, borderRadius: "8px", padding: "12px 16px", margin: "0 0 16px" }}>
      <Detail label="Test">{booking.testName}</Detail>
      <Detail label="When">{when ?? visitWhen(booking.start)}</Detail>
      <Detail label={booking.collectionType === "home" ? "Home collection at" : "Where"}>{visitWhere(booking)}</Detail>
      {booking.collectionType === "home" && booking.labName ? <Detail label="Lab">{booking.labName}</Detail> : null}
      <Detail label="Patient">{booking.patientName}</Detail>
    </Section>
  );
}

/** The test's own preparation instructions (fasting, water, medicines), as the catalogue gives them. */
export function Preparation({ html }: { html: string | null }) {
  return (
    <Section>
      <Text style={styles.h2}>How to prepare</Text>
      {html ? (
        <div style={{ fontSize: "15px", lineHeight: "24px", color: colors.foreground }} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <Text style={styles.text}>No special preparation is needed for this test.</Text>
      )}
    </Section>
  );
}

export function DashboardButton({ siteUrl, label = "View your bookings" }: { siteUrl: string; label?: string }) {
  return (
    <Section style={{ margin: "16px 0 8px" }}>
      <Button href={`${siteUrl}/dashboard`} style={styles.button}>
        {label}
      </Button>
    </Section>
  );
}
