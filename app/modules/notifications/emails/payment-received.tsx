import { Text } from "@react-email/components";
import type { OrderFacts } from "~/modules/notifications/message-facts";
import { DashboardButton, Greeting, OrderSummary } from "~/modules/notifications/emails/parts";
import { EmailLayout, styles } from "~/modules/notifications/emails/layout";
import { mailT } from "~/modules/notifications/message-text";
import { formatAed } from "~/utils/money";

export const paymentReceivedSubject = (order: OrderFacts) =>
  mailT(order.language)("Payment received: {{amount}}", { amount: formatAed(order.totalFils, order.language) });

/** A card payment was confirmed. */
export function PaymentReceivedEmail({ order, siteUrl }: { order: OrderFacts; siteUrl: string }) {
  const { language } = order;
  const t = mailT(language);
  const amount = formatAed(order.totalFils, language);
  return (
    <EmailLayout
      preview={t("We received your card payment of {{amount}}", { amount })}
      heading={t("Payment received, thank you")}
      siteUrl={siteUrl}
      language={language}
    >
      <Greeting name={order.customerName} bookedBy={order.bookedBy} language={language} about="order" />
      <Text style={styles.text}>
        {t("We received your card payment of {{amount}} for order {{number}}. Each booked test gets its own confirmation with a calendar file.", {
          amount,
          number: order.id.slice(0, 8),
        })}
      </Text>
      <OrderSummary lines={order.lines} totalFils={order.totalFils} language={language} />
      <DashboardButton siteUrl={siteUrl} language={language} label={t("View your order")} />
    </EmailLayout>
  );
}
