// One trend's chart (Recharts, loaded only by the trends page, decision 0064): the values over
// time with the reference range shaded. The table beside it is its accessible twin.
import { Area, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export type TrendChartPoint = { label: string; value: number; low: number | null; high: number | null };

export default function TrendChart({ points, unit, rtl }: { points: TrendChartPoint[]; unit: string | null; rtl: boolean }) {
  const data = points.map((point) => ({ ...point, range: point.low !== null && point.high !== null ? [point.low, point.high] : null }));
  return (
    <div className="h-56 w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 12, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" reversed={rtl} tick={{ fontSize: 11 }} />
          <YAxis orientation={rtl ? "right" : "left"} tick={{ fontSize: 11 }} unit={unit ? ` ${unit}` : undefined} width={70} domain={["auto", "auto"]} />
          <Tooltip />
          <Area type="stepAfter" dataKey="range" fill="#10b981" fillOpacity={0.15} stroke="none" isAnimationActive={false} />
          <Line type="monotone" dataKey="value" stroke="#0e6f7a" strokeWidth={2} dot={{ r: 4 }} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
