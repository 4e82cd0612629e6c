import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/input-field";
import { useTranslation } from "~/i18n/use-translation";
import type { BillingDetails } from "~/modules/accounts/billing-details";
import { ProfileSectionCard } from "~/modules/accounts/profile-section-card";
import { useFormResult, type FormResult } from "~/utils/form-result";

/**
 * Who the tax invoices are made out to (issue 29), optional: a business's name, address and UAE
 * TRN. Each invoice keeps the details it was issued with.
 */
export function BillingDetailsSection({ billing }: { billing: BillingDetails }) {
  const { t } = useTranslation("account");
  const fetcher = useFetcher<FormResult>();
  const errors = useFormResult(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <ProfileSectionCard
      title={t("Invoice details (optional)")}
      description={t("For a business: the name, address and TRN printed on your tax invoices from now on. Leave empty to have them made out to the patient.")}
      intent="billing-details"
      fetcher={fetcher}
    >
      <InputField id="billingName" label={t("Name on the invoice")} autoComplete="organization" maxLength={200} defaultValue={billing.billingName ?? ""} error={errors.billingName} />
      <InputField id="billingAddress" label={t("Billing address")} autoComplete="street-address" maxLength={500} defaultValue={billing.billingAddress ?? ""} error={errors.billingAddress} />
      <InputField id="billingTrn" label={t("TRN (15 digits)")} inputMode="numeric" maxLength={25} defaultValue={billing.billingTrn ?? ""} error={errors.billingTrn} />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? t("Saving...") : t("Save invoice details")}
        </Button>
      </div>
    </ProfileSectionCard>
  );
}
