import { useTranslation } from "~/i18n/use-translation";
import { BookTestButton } from "~/modules/booking/book-test-button";
import { AddToCartControl } from "~/modules/cart/add-to-cart-control";
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
