import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import type { Language } from "~/i18n/languages";
import { mailT, siteLink } from "~/modules/notifications/message-text";

// The site's palette (app/app.css): e-mail clients ignore stylesheets, so each element carries its own.
export const colors = {
  primary: "#0e6f7a",
  primarySoft: "#e6f4f5",
  foreground: "#0f172a",
  muted: "#52607a",
  border: "#dde3ea",
  background: "#f1f5f9",
};

const fontFamily = '"Inter", -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const styles = {
  text: { fontSize: "15px", lineHeight: "24px", color: colors.foreground, margin: "0 0 12px" },
  muted: { fontSize: "13px", lineHeight: "20px", color: colors.muted, margin: "0 0 8px" },
  h2: { fontSize: "17px", lineHeight: "24px", color: colors.foreground, margin: "24px 0 8px", fontWeight: 600 },
  button: {
    display: "inline-block",
    backgroundColor: colors.primary,
    color: "#ffffff",
    fontSize: "15px",
    fontWeight: 600,
    textDecoration: "none",
    borderRadius: "8px",
    padding: "12px 20px",
  },
  link: { color: colors.primary, textDecoration: "underline" },
} satisfies Record<string, CSSProperties>;

/** The frame of every customer e-mail: the LabTest Hub name, a heading, the message, the footer. */
export function EmailLayout({
  preview,
  heading,
  siteUrl,
  language,
  children,
}: {
  preview: string;
  heading: string;
  siteUrl: string;
  language: Language;
  children: ReactNode;
}) {
  const t = mailT(language);
  const rtl = language === "ar";
  return (
    <Html lang={language} dir={rtl ? "rtl" : "ltr"}>
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.background, margin: 0, padding: "16px 8px", fontFamily, ...(rtl ? { direction: "rtl", textAlign: "right" } : {}) }}>
        <Container style={{ maxWidth: "600px", width: "100%", backgroundColor: "#ffffff", borderRadius: "12px", border: `1px solid ${colors.border}` }}>
          <Section style={{ backgroundColor: colors.primary, borderRadius: "12px 12px 0 0", padding: "16px 24px" }}>
            <Link href={siteLink(siteUrl, "/", language)} style={{ color: "#ffffff", fontSize: "20px", fontWeight: 700, textDecoration: "none" }}>
              LabTest Hub
            </Link>
          </Section>
          <Section style={{ padding: "24px" }}>
            <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", color: colors.foreground, margin: "0 0 16px" }}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: colors.border, margin: 0 }} />
          <Section style={{ padding: "16px 24px" }}>
            <Text style={styles.muted}>
              {t("LabTest Hub: lab tests from partner labs in Abu Dhabi. Prices are in AED and include 5% VAT. Times are Abu Dhabi time.")}
            </Text>
            <Text style={styles.muted}>
              <Link href={siteLink(siteUrl, "/dashboard", language)} style={styles.link}>
                {t("Your orders and bookings")}
              </Link>
              {" · "}
              <Link href={siteLink(siteUrl, "/faqs", language)} style={styles.link}>
                {t("FAQs")}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
