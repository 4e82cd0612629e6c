// What the admin dashboard's analytics hand to the page (client-safe types).
import type { ComparedPeriod } from "~/modules/analytics/days";

export type Compared<T> = { current: T; previous: T };

export type RevenueSummary = {
  /** Card payments received and cash collected at visits. */
  grossFils: number;
  paidOrders: number;
  /** Money given back for sales (late payments that were never sales are left out). */
  refundsFils: number;
  refunds: number;
  netFils: number;
  /**
   * The VAT of the tax invoices issued in the period less that of its credit notes (zero-rated
   * lines count nothing); without any tax document then (invoicing not set up), 5/105 of the net.
   */
  vatFils: number;
  vatFromDocuments: boolean;
  averageOrderFils: number | null;
};

/** One group of a figure (a status, a lab, a test...) in the period and the one before. */
export type GroupRow = { key: string; name: string; n: number; fils: number; previousN: number; previousFils: number };

export type DailyPoint = { day: string; grossFils: number; refundsFils: number; netFils: number; paidOrders: number };

export type FunnelPoint = {
  day: string;
  productViews: number;
  addToCart: number;
  checkoutStarted: number;
  paid: number;
  searches: number;
  zeroResultSearches: number;
};

export type PeriodAnalytics = {
  period: ComparedPeriod;
  revenue: Compared<RevenueSummary>;
  ordersByStatus: GroupRow[];
  bookingsByStatus: GroupRow[];
  cancelledBy: GroupRow[];
  noShows: Compared<number>;
  perLab: GroupRow[];
  perCategory: GroupRow[];
  topTests: GroupRow[];
  /** What one point of `daily` and `funnel` covers: a day, or a calendar month (`day` is then "2026-11") for long periods. */
  step: "day" | "month";
  daily: DailyPoint[];
  funnel: FunnelPoint[];
  cashOutstanding: { labId: string | null; name: string; bookings: number; fils: number }[];
  /** null until results exist (the results domain fills it). */
  /** Results first released in the period, per lab; onTimeShare is null when no promised time is known. */
  turnaround: { labId: string; name: string; results: number; onTimeShare: number | null; medianHours: number }[] | null;
};
