import { useTranslation } from "~/i18n/use-translation";
import { useLanguage } from "~/i18n/use-language";
import { cancellationTermsSentences, type ChangePolicyFacts } from "~/modules/lifecycle/cancellation-policy";

/**
 * The cancellation terms in the Terms' own words and numbers (lifecycle/cancellation-policy.ts),
 * shown before anything is booked (checkout's payment step, the Book Test form) and on the
 * confirmation. `policy` comes from the server (currentChangePolicy: the fee is a setting).
 */
export function CancellationTermsNote({ policy }: { policy: ChangePolicyFacts }) {
  const { t } = useTranslation("checkout");
  const language = useLanguage();
  return (
    <section className="grid gap-1 rounded-md border bg-muted/40 p-3 text-start text-sm" aria-labelledby="cancellation-terms-heading" data-testid="cancellation-terms">
      <h3 id="cancellation-terms-heading" className="font-medium">
        {t("Changes and cancellation")}
      </h3>
      <ul className="grid list-disc gap-1 ps-5 text-muted-foreground">
        {cancellationTermsSentences(policy, language).map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
      <p className="text-muted-foreground">{t("Nothing is charged for cancelling a booking you have not paid for yet.")}</p>
    </section>
  );
}
