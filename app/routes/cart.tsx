import { ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/cart";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { cartTotalFils, cartUnits } from "~/modules/cart/cart-line";
import { CartLinesList } from "~/modules/cart/cart-lines-list";
import { usePricedCart } from "~/modules/cart/use-priced-cart";
import { formatAed } from "~/utils/money";

export const meta: Route.MetaFunction = () => [
  { title: "Your Cart | LabTest Hub" },
  { name: "robots", content: "noindex" },
];

export default function CartPage() {
  const cart = usePricedCart();
  const lines = cart.pricedLines;

  if (cart.pricing) {
    return (
      <div className="mx-auto grid max-w-5xl gap-4 px-4 py-10" aria-busy="true">
        <h1 className="text-3xl font-bold">Your Cart</h1>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }

  if (lines.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <ShoppingCart className="size-12 text-muted-foreground" aria-hidden />
        <h1 className="text-3xl font-bold">Your cart is empty</h1>
        <p className="text-muted-foreground">Browse our lab tests and add the ones you need.</p>
        <Button asChild>
          <Link to="/search">Browse Tests</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Your Cart</h1>
        <Button type="button" variant="outline" onClick={() => cart.clearCart()}>
          Clear Cart
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_20rem]">
        <CartLinesList lines={lines} />
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>Order Summary</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <p className="flex justify-between">
              <span>Items</span>
              <span>{cartUnits(lines)}</span>
            </p>
            <p className="flex justify-between border-t pt-2 text-base font-semibold">
              <span>Total</span>
              <span data-testid="cart-total">{formatAed(cartTotalFils(lines))}</span>
            </p>
          </CardContent>
          <CardFooter>
            <Button asChild className="w-full">
              <Link to="/checkout">Proceed to Checkout</Link>
            </Button>
          </CardFooter>
        </Card>
      </div>
    </div>
  );
}
