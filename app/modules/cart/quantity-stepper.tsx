import { useTranslation } from "~/i18n/use-translation";
import { Minus, Plus } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import { useCart } from "~/modules/cart/cart-context";

/** Minus / quantity / plus for one cart line; a quantity of 0 removes the line. */
export function QuantityStepper({
  testId,
  name,
  quantity,
  className,
}: {
  testId: string;
  name: string;
  quantity: number;
  className?: string;
}) {
  const { t } = useTranslation("checkout");
  const cart = useCart();
  return (
    <div className={cn("inline-flex items-center gap-1", className)} role="group" aria-label={t("Quantity of {{name}}", { name })} aria-busy={cart.saving}>
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={t("Decrease quantity of {{name}}", { name })}
        onClick={() => cart.updateQuantity(testId, quantity - 1)}
      >
        <Minus aria-hidden />
      </Button>
      <span className="min-w-8 text-center font-medium tabular-nums" aria-live="polite">
        {quantity}
      </span>
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={t("Increase quantity of {{name}}", { name })}
        onClick={() => cart.updateQuantity(testId, quantity + 1)}
      >
        <Plus aria-hidden />
      </Button>
    </div>
  );
}
