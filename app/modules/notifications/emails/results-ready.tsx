import { Button, Section, Text } from "@react-email/components";
import type { BookingFacts } from "~/modules/notifications/message-facts";
import { mailT, siteLink } from "~/modules/notifications/message-text";
import { EmailLayout, styles } from "~/modules/notifications/emails/layout";

// No medical content (issue 28): neither the test's name nor any value, only that results are
// ready and where to read them signed in. The link carries no token.
export const resultsReadySubject = (booking: BookingFacts) => mailT(booking.language)("Your results are ready");

/** A lab released a booking's results (or corrected them): a link to My Results, nothing more. */
export function ResultsReadyEmail({ booking, siteUrl }: { booking: BookingFacts; siteUrl: string }) {
  const { language } = booking;
  const t = mailT(language);
  return (
    <EmailLayout preview={t("Your results are ready")} heading={t("Your results are ready")} siteUrl={siteUrl} language={language}>
      <Text style={styles.text}>{t("Hello,")}</Text>
      <Text style={styles.text}>{t("A lab has released results on your LabTest Hub account. Sign in to read them.")}</Text>
      <Section style={{ margin: "16px 0 8px" }}>
        <Button href={siteLink(siteUrl, "/dashboard/results", language)} style={styles.button}>
          {t("View your results")}
        </Button>
      </Section>
    </EmailLayout>
  );
}
