import { Minus, Plus, ShoppingCart } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import type { TestSummary } from "~/modules/catalog/test-summary";
import { cn } from "~/utils/cn";
import { useCart } from "./cart-context";

/** Add to Cart, turning into minus / quantity / plus once the test is in the cart. */
export function AddToCartControl({ test, className }: { test: TestSummary; className?: string }) {
  const cart = useCart();
  const [adding, setAdding] = useState(false);
  const line = cart.lines.find((candidate) => candidate.test_id === test.id);

  if (!line) {
    return (
      <Button
        type="button"
        className={className}
        disabled={adding || cart.loading}
        onClick={async () => {
          setAdding(true);
          await cart.addToCart(test);
          setAdding(false);
        }}
      >
        <ShoppingCart aria-hidden />
        {adding ? "Adding..." : "Add to Cart"}
        <span className="sr-only">: {test.name}</span>
      </Button>
    );
  }

  return (
    <div className={cn("inline-flex items-center gap-1", className)} role="group" aria-label={`${test.name} in cart`}>
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={`Decrease quantity of ${test.name}`}
        onClick={() => cart.updateQuantity(test.id, line.quantity - 1)}
      >
        <Minus aria-hidden />
      </Button>
      <span className="min-w-8 text-center font-medium tabular-nums" aria-live="polite" data-testid="cart-quantity">
        {line.quantity}
      </span>
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={`Increase quantity of ${test.name}`}
        onClick={() => cart.updateQuantity(test.id, line.quantity + 1)}
      >
        <Plus aria-hidden />
      </Button>
    </div>
  );
}
