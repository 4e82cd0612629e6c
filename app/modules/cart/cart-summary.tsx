import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cartTotalFils, type CartLine } from "~/modules/cart/cart-line";
import { formatAed } from "~/utils/money";

/** The last row of an order summary: the lines' total at the prices they carry. */
export function CartTotalRow({ lines, testId }: { lines: CartLine[]; testId: string }) {
  return (
    <p className="flex justify-between border-t pt-2 text-base font-semibold">
      <span>Total</span>
      <span data-testid={testId}>{formatAed(cartTotalFils(lines))}</span>
    </p>
  );
}

/** Where an empty cart sends the visitor. */
export function BrowseTestsButton() {
  return (
    <Button asChild>
      <Link to="/search">Browse Tests</Link>
    </Button>
  );
}
