// The dashboard's charts (Recharts), in their own chunk: the admin dashboard loads it lazily in the
// browser, so the storefront never downloads it. Each chart is decoration for sighted users: its
// table twin beside it (analytics-panel.tsx) carries the same numbers for screen readers.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { DailyPoint, FunnelPoint, GroupRow } from "~/modules/analytics/analytics-types";
import { filsToAed } from "~/utils/money";

const COLOURS = { gross: "#2563eb", refunds: "#dc2626", net: "#16a34a", views: "#7c3aed", cart: "#0891b2", checkout: "#ea580c", paid: "#16a34a" };
/** "11-26" for a day; a month ("2026-11") as it is. */
const shortDay = (day: string) => (day.length > 7 ? day.slice(5) : day);

export function RevenueChart({ daily }: { daily: DailyPoint[] }) {
  const data = daily.map((point) => ({ day: shortDay(point.day), gross: filsToAed(point.grossFils), refunds: filsToAed(point.refundsFils), net: filsToAed(point.netFils) }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" fontSize={12} />
        <YAxis fontSize={12} />
        <Tooltip />
        <Legend />
        <Bar dataKey="gross" name="Gross (AED)" fill={COLOURS.gross} />
        <Bar dataKey="refunds" name="Refunds (AED)" fill={COLOURS.refunds} />
        <Bar dataKey="net" name="Net (AED)" fill={COLOURS.net} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function FunnelChart({ funnel }: { funnel: FunnelPoint[] }) {
  const data = funnel.map((point) => ({ ...point, day: shortDay(point.day) }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={data}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" fontSize={12} />
        <YAxis fontSize={12} allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Line dataKey="productViews" name="Product views" stroke={COLOURS.views} />
        <Line dataKey="addToCart" name="Add to cart" stroke={COLOURS.cart} />
        <Line dataKey="checkoutStarted" name="Checkout started" stroke={COLOURS.checkout} />
        <Line dataKey="paid" name="Paid" stroke={COLOURS.paid} />
      </LineChart>
    </ResponsiveContainer>
  );
}

export function GroupChart({ rows }: { rows: GroupRow[] }) {
  const data = rows.slice(0, 12).map((row) => ({ name: row.name, current: filsToAed(row.fils), previous: filsToAed(row.previousFils) }));
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, data.length * 36 + 60)}>
      <BarChart data={data} layout="vertical" margin={{ left: 24 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" fontSize={12} />
        <YAxis type="category" dataKey="name" width={140} fontSize={12} />
        <Tooltip />
        <Legend />
        <Bar dataKey="current" name="This period (AED)" fill={COLOURS.gross} />
        <Bar dataKey="previous" name="Period before (AED)" fill="#94a3b8" />
      </BarChart>
    </ResponsiveContainer>
  );
}
