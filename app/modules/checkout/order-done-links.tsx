import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/i18n/link";
import { Button } from "~/components/ui/button";

/** Where to go once an order is placed or paid. */
export function OrderDoneLinks() {
  const { t } = useTranslation("checkout");
  return (
    <div className="flex flex-wrap justify-center gap-2">
      <Button asChild>
        <Link to="/dashboard">{t("View My Orders")}</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/">{t("Back to Home")}</Link>
      </Button>
    </div>
  );
}
