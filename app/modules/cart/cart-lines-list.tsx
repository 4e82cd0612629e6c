import { useTranslation } from "~/i18n/use-translation";
import { localizedField, LocalizedText } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import { FlaskConical, Trash2 } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import type { CartLine } from "~/modules/cart/cart-line";
import { useCart } from "~/modules/cart/cart-context";
import { QuantityStepper } from "~/modules/cart/quantity-stepper";

/** The cart's lines with plus / minus and remove (the /cart page). */
export function CartLinesList({ lines }: { lines: CartLine[] }) {
  const { t } = useTranslation("checkout");
  const format = useFormat();
  const cart = useCart();
  return (
    <ul className="divide-y rounded-lg border" aria-label={t("Cart items")}>
      {lines.map((line) => {
        const name = localizedField(line.name, line.name_ar, format.language).text;
        return (
          <li key={line.test_id} className="flex flex-wrap items-center gap-4 p-4">
            {line.featured_image ? (
              <img src={line.featured_image} alt="" width={64} height={64} className="size-16 rounded-md object-cover" loading="lazy" />
            ) : (
              <span className="flex size-16 items-center justify-center rounded-md bg-muted" aria-hidden>
                <FlaskConical className="size-6 text-muted-foreground" />
              </span>
            )}
            <div className="min-w-40 flex-1">
              <LocalizedText as="p" className="font-medium" en={line.name} ar={line.name_ar} />
              <p className="text-sm text-muted-foreground">{t("{{price}} each", { price: format.money(line.price) })}</p>
            </div>
            <QuantityStepper testId={line.test_id} name={name} quantity={line.quantity} />
            <p className="w-28 whitespace-nowrap text-end font-semibold tabular-nums">
              <bdi>{format.money(line.price * line.quantity)}</bdi>
            </p>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t("Remove {{name}} from cart", { name })}
              onClick={() => cart.removeFromCart(line.test_id)}
            >
              <Trash2 aria-hidden />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
