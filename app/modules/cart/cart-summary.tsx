import { useTranslation } from "~/i18n/use-translation";
import { useFormat } from "~/i18n/use-format";
import { Link } from "~/i18n/link";
import { Button } from "~/components/ui/button";
import { cartTotalFils, type CartLine } from "~/modules/cart/cart-line";

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
