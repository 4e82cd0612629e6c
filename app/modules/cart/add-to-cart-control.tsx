// INTERIM: replaced by the commerce work (issue 4) with the real cart control.
import { Button } from "~/components/ui/button";
import type { TestSummary } from "~/modules/catalog/test-summary";

export function AddToCartControl({ test }: { test: TestSummary; className?: string }) {
  return (
    <Button type="button" disabled aria-label={`Add ${test.name} to cart`}>
      Add to Cart
    </Button>
  );
}
