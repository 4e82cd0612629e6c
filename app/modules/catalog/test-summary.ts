/** What the cart control and the booking dialog need to know about a test. */
export type TestSummary = {
  id: string;
  name: string;
  nameAr?: string | null;
  slug: string;
  priceFils: number;
  featuredImage: string | null;
};
