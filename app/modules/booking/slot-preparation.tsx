import { useTranslation } from "~/i18n/use-translation";
import { useLanguage } from "~/i18n/use-language";
import type { Preparation } from "~/modules/booking/booking-options";
import { isMorning, needsFasting } from "~/modules/booking/fasting";

/**
 * Beside the time choice (issue 26): the test's preparation, and for a fasting test that its
 * morning times come first, and why a later time picked is harder.
 */
export function SlotPreparation({ preparation, time }: { preparation: Preparation | undefined; time: string }) {
  const { t } = useTranslation("checkout");
  const language = useLanguage();
  if (!preparation) return null;
  const fasting = needsFasting(preparation.en);
  const text = language === "ar" && preparation.ar ? preparation.ar : preparation.en;
  return (
    <div className="grid gap-1 text-sm" data-testid="slot-preparation">
      <p>
        <span className="font-medium">{t("Preparation:")}</span> <span lang={language === "ar" && !preparation.ar ? "en" : undefined}>{text}</span>
      </p>
      {fasting ? (
        <p className="text-muted-foreground">{t("This test needs fasting, so morning times are listed first.")}</p>
      ) : null}
      {fasting && time && !isMorning(time) ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-900" role="status" data-testid="fasting-late-note">
          {t("You picked {{time}}: you will need to fast until then. A morning time lets you fast overnight.", { time })}
        </p>
      ) : null}
    </div>
  );
}
