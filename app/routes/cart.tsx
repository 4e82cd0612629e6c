import { ShoppingCart } from "~/components/ui/icons";
import { useTranslation } from "~/i18n/use-translation";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath } from "~/i18n/languages";
import type { Route } from "./+types/cart";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { cartUnits } from "~/modules/cart/cart-line";
import { CartLinesList } from "~/modules/cart/cart-lines-list";
import { BrowseTestsButton, CartLimitNotice, CartTotalRow, CheckoutButton } from "~/modules/cart/cart-summary";
import { usePricedCart } from "~/modules/cart/use-priced-cart";
import { privatePageMeta } from "~/modules/seo/private-paths";

export const meta: Route.MetaFunction = ({ location }) => privatePageMeta(translatorFor(languageOfPath(location.pathname), "checkout")("Your Cart"));

export default function CartPage() {
  const { t } = useTranslation("checkout");
  const cart = usePricedCart();
  const lines = cart.pricedLines;

  if (cart.pricing) {
    return (
      <div className="mx-auto grid max-w-5xl gap-4 px-4 py-10" aria-busy="true">
        <h1 className="text-3xl font-bold">{t("Your Cart")}</h1>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }

  if (lines.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <ShoppingCart className="size-12 text-muted-foreground" aria-hidden />
        <h1 className="text-3xl font-bold">{t("Your cart is empty")}</h1>
        <p className="text-muted-foreground">{t("Browse our lab tests and add the ones you need.")}</p>
        <BrowseTestsButton />
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{t("Your Cart")}</h1>
        <Button type="button" variant="outline" onClick={() => cart.clearCart()}>
          {t("Clear Cart")}
        </Button>
      </div>
      <CartLimitNotice lines={lines} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_20rem]">
        <CartLinesList lines={lines} />
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>{t("Order Summary")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <p className="flex justify-between">
              <span>{t("Items")}</span>
              <span>{cartUnits(lines)}</span>
            </p>
            <CartTotalRow lines={lines} testId="cart-total" />
          </CardContent>
          <CardFooter>
            <CheckoutButton lines={lines} to="/checkout" label={t("Proceed to Checkout")} className="w-full" />
          </CardFooter>
        </Card>
      </div>
    </div>
  );
}
