import { Text } from "@react-email/components";
import type { OrderFacts } from "~/modules/notifications/message-facts";
import { DashboardButton, OrderSummary } from "~/modules/notifications/emails/parts";
import { EmailLayout, styles } from "~/modules/notifications/emails/layout";
import { formatAed } from "~/utils/money";

export const orderReceivedSubject = (order: OrderFacts) => `Order received: ${formatAed(order.totalFils)} to pay in cash`;

/** A cash-on-delivery order was placed. */
export function OrderReceivedEmail({ order, siteUrl }: { order: OrderFacts; siteUrl: string }) {
  return (
    <EmailLayout preview={`Order ${order.id.slice(0, 8)}: ${formatAed(order.totalFils)}, paid in cash at the visit`} heading="Thank you, we received your order" siteUrl={siteUrl}>
      <Text style={styles.text}>Hello {order.customerName},</Text>
      <Text style={styles.text}>
        Your order {order.id.slice(0, 8)} is placed. You pay {formatAed(order.totalFils)} in cash when your sample is taken. Each booked test gets its own
        confirmation with a calendar file.
      </Text>
      <OrderSummary lines={order.lines} totalFils={order.totalFils} />
      <DashboardButton siteUrl={siteUrl} label="View your order" />
    </EmailLayout>
  );
}
