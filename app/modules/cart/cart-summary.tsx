import { useTranslation } from "~/i18n/use-translation";
import { useFormat } from "~/i18n/use-format";
import { Link } from "~/i18n/link";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/form-alert";
import { CART_OVER_LIMIT_MESSAGE, CART_OVER_LIMIT_TITLE, cartOverLimit, cartTotalFils, type CartLine } from "~/modules/cart/cart-line";

/** The last row of an order summary: the lines' total at the prices they carry. */
export function CartTotalRow({ lines, testId }: { lines: CartLine[]; testId: string }) {
  const { t } = useTranslation("checkout");
  const format = useFormat();
  return (
    <p className="flex justify-between border-t pt-2 text-base font-semibold">
      <span>{t("Total")}</span>
      <span data-testid={testId}>
        <bdi>{format.money(cartTotalFils(lines))}</bdi>
      </span>
    </p>
  );
}

/** Where an empty cart sends the visitor. */
export function BrowseTestsButton() {
  const { t } = useTranslation("checkout");
  return (
    <Button asChild>
      <Link to="/search">{t("Browse Tests")}</Link>
    </Button>
  );
}

/**
 * The way on to checkout (`to`, labelled `label`), or, for a cart above the cart's limits (older
 * data), why it is closed: the cart is shown and can be reduced, not checked out.
 */
export function CheckoutButton({ lines, to, label, className }: { lines: CartLine[]; to: string; label: string; className?: string }) {
  if (cartOverLimit(lines)) {
    return (
      <Button type="button" className={className} disabled>
        {label}
      </Button>
    );
  }
  return (
    <Button asChild className={className}>
      <Link to={to}>{label}</Link>
    </Button>
  );
}

/** The notice above a cart that is above the cart's limits. */
export function CartLimitNotice({ lines }: { lines: CartLine[] }) {
  return cartOverLimit(lines) ? <FormAlert toast={{ type: "error", title: CART_OVER_LIMIT_TITLE, description: CART_OVER_LIMIT_MESSAGE }} /> : null;
}
