import { Text } from "@react-email/components";
import type { OrderFacts } from "~/modules/notifications/message-facts";
import { DashboardButton, OrderSummary } from "~/modules/notifications/emails/parts";
import { EmailLayout, styles } from "~/modules/notifications/emails/layout";
import { formatAed } from "~/utils/money";

export const paymentReceivedSubject = (order: OrderFacts) => `Payment received: ${formatAed(order.totalFils)}`;

/** A card payment was confirmed. */
export function PaymentReceivedEmail({ order, siteUrl }: { order: OrderFacts; siteUrl: string }) {
  return (
    <EmailLayout preview={`We received your card payment of ${formatAed(order.totalFils)}`} heading="Payment received, thank you" siteUrl={siteUrl}>
      <Text style={styles.text}>Hello {order.customerName},</Text>
      <Text style={styles.text}>
        We received your card payment of {formatAed(order.totalFils)} for order {order.id.slice(0, 8)}. Each booked test gets its own confirmation with a
        calendar file.
      </Text>
      <OrderSummary lines={order.lines} totalFils={order.totalFils} />
      <DashboardButton siteUrl={siteUrl} label="View your order" />
    </EmailLayout>
  );
}
