import { MapPin } from "~/components/ui/icons";
import { Link } from "~/i18n/link";
import { useTranslation } from "~/i18n/use-translation";
import { useNameTranslator } from "~/i18n/use-name";
import type { AreaChoice } from "~/modules/catalog/area-offers";

/**
 * Says which labs the product page shows for the area the patient chose (issue 26), that their
 * prices include the home-collection fee, and how to see every lab. `fromAccount`: the area is the
 * saved address's or the last home visit's, not the page's.
 */
export function AreaNotice({ choice, slug, labCount, fromAccount = false }: { choice: AreaChoice; slug: string; labCount: number; fromAccount?: boolean }) {
  const { t } = useTranslation("catalog");
  const placeName = useNameTranslator();
  const area = choice.area ? placeName(choice.area) : null;
  const text =
    labCount === 0
      ? area
        ? t("No lab offering this test serves {{area}}.", { area })
        : t("No lab offers home collection for this test.")
      : choice.home
        ? area
          ? t("Labs that collect at home in {{area}}; prices include the home-collection fee.", { area })
          : t("Labs that collect at home; prices include the home-collection fee.")
        : t("Labs that serve {{area}}; a home visit's price includes its fee.", { area: area ?? "" });
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm" data-testid="area-notice">
      <MapPin className="size-4 text-primary" aria-hidden />
      <span>{text}</span>
      {/* An area from the account comes back without one in the address: an empty ?area= is "every lab". */}
      <Link to={`/product/${slug}${fromAccount ? "?area=" : ""}`} className="font-medium text-primary hover:underline">
        {t("Show all labs")}
      </Link>
    </p>
  );
}
