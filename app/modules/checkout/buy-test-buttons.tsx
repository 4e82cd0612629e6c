import { useTranslation } from "~/i18n/use-translation";
import { BookTestButton } from "~/modules/booking/book-test-button";
import { AddToCartControl } from "~/modules/cart/add-to-cart-control";
import { useCart } from "~/modules/cart/cart-context";
import type { TestSummary } from "~/modules/catalog/test-summary";

/**
 * The two ways to get a test, on its card and its product page (the catalogue's TestActions,
 * passed in by the search, category and product routes): Add to Cart, for the checkout, and
 * Book, for one test now. The product page leads with the booking.
 */
export function BuyTestButtons({ test, place }: { test: TestSummary; place: "card" | "product" }) {
  const { t } = useTranslation("catalog");
  if (place === "product") {
    return (
      <>
        <BookTestButton test={test} label={t("Book This Test")} />
        <AddToCartControl test={test} />
      </>
    );
  }
  return (
    <>
      <AddToCartControl test={test} />
      <BookTestButton test={test} />
    </>
  );
}

/**
 * What the cards' buttons show besides their tests, for cards rendered once for every visitor alike
 * (app/utils/shared-markup.tsx): whether the cart has been read yet. Null when one of the tests is
 * in the visitor's cart, as its card then shows their quantity.
 */
export function useBuyTestButtonsVariant(tests: { id: string }[]): string | null {
  const cart = useCart();
  if (cart.lines.some((line) => tests.some((test) => test.id === line.test_id))) return null;
  return cart.loading ? "cart loading" : "cart read";
}
