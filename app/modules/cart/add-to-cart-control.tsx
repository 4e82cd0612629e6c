import { useTranslation } from "~/i18n/use-translation";
import { LocalizedText, localizedField } from "~/i18n/localized-field";
import { useLanguage } from "~/i18n/use-language";
import { ShoppingCart } from "~/components/ui/icons";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import type { TestSummary } from "~/modules/catalog/test-summary";
import { useCart } from "~/modules/cart/cart-context";
import { QuantityStepper } from "~/modules/cart/quantity-stepper";

/** Add to Cart, turning into minus / quantity / plus once the test is in the cart. */
export function AddToCartControl({ test, className }: { test: TestSummary; className?: string }) {
  const { t } = useTranslation("catalog");
  const cart = useCart();
  const language = useLanguage();
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
        {adding ? t("Adding...") : t("Add to Cart")}
        <span className="sr-only">
          : <LocalizedText en={test.name} ar={test.nameAr} />
        </span>
      </Button>
    );
  }

  return <QuantityStepper testId={test.id} name={localizedField(test.name, test.nameAr, language).text} quantity={line.quantity} className={className} />;
}
