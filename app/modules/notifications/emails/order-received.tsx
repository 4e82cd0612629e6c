import { Text } from "@react-email/components";
import type { OrderFacts } from "~/modules/notifications/message-facts";
import { CancellationTerms, DashboardButton, Greeting, OrderSummary } from "~/modules/notifications/emails/parts";
import type { ChangePolicyFacts } from "~/modules/lifecycle/cancellation-policy";
import { EmailLayout, styles } from "~/modules/notifications/emails/layout";
import { mailT } from "~/modules/notifications/message-text";
import { formatAed } from "~/utils/money";

export const orderReceivedSubject = (order: OrderFacts) =>
  mailT(order.language)("Order received: {{amount}} to pay in cash", { amount: formatAed(order.totalFils, order.language) });

/** A cash-on-delivery order was placed. */
export function OrderReceivedEmail({ order, siteUrl, policy }: { order: OrderFacts; siteUrl: string; policy: ChangePolicyFacts }) {
  const { language } = order;
  const t = mailT(language);
  const amount = formatAed(order.totalFils, language);
  const number = order.id.slice(0, 8);
  return (
    <EmailLayout
      preview={t("Order {{number}}: {{amount}}, paid in cash at the visit", { number, amount })}
      heading={t("Thank you, we received your order")}
      siteUrl={siteUrl}
      language={language}
    >
      <Greeting name={order.customerName} bookedBy={order.bookedBy} language={language} about="order" />
      <Text style={styles.text}>
        {t(
          "Your order {{number}} is placed. You pay {{amount}} in cash when your sample is taken. Each booked test gets its own confirmation with a calendar file.",
          { number, amount },
        )}
      </Text>
      <OrderSummary lines={order.lines} totalFils={order.totalFils} language={language} />
      <CancellationTerms policy={policy} language={language} />
      <DashboardButton siteUrl={siteUrl} language={language} label={t("View your order")} />
    </EmailLayout>
  );
}
