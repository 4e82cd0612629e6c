import { TransMessage } from "~/i18n/trans-message";
import { useTranslation } from "~/i18n/use-translation";
import { data, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dashboard.bookings.cancel";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/modules/accounts/guards.server";
import { BookingChangePage, ChangeFailure, ChangeRefused } from "~/modules/booking/booking-change-summary";
import { BOOKING_NOT_FOUND_MESSAGE, cancellationPreview, cancelMyBooking } from "~/modules/payments/booking-changes.server";
import { FREE_CANCELLATION_HOURS } from "~/modules/booking/change-policy";
import { CancelConfirmSchema } from "~/modules/booking/change-schemas";
import { privatePageMeta } from "~/modules/seo/private-paths";
import { getEnv } from "~/utils/env.server";
import { formFailure } from "~/utils/form-result.server";
import { useFormResult } from "~/utils/form-result";
import { formatAed } from "~/utils/money";
import { readForm } from "~/utils/request-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { CsrfField } from "~/components/csrf-field";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath, localizePath } from "~/i18n/languages";
import { languageOfRequest, serverT } from "~/i18n/i18n.server";
import { Form, Link } from "~/i18n/link";
import { useFormat } from "~/i18n/use-format";

export const meta: Route.MetaFunction = ({ location }) => privatePageMeta(translatorFor(languageOfPath(location.pathname), "account")("Cancel booking"));

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const preview = z.uuid().safeParse(params.bookingId).success ? await cancellationPreview(user.id, params.bookingId) : null;
  if (!preview) throw data(BOOKING_NOT_FOUND_MESSAGE, { status: 404 });
  return { ...preview, feePercent: getEnv().LATE_CANCELLATION_FEE_PERCENT };
}

const refused = (status: number, description: string) =>
  formFailure(status, { toast: { type: "error", title: "Booking not cancelled", description } });

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = CancelConfirmSchema.safeParse(await readForm(request));
  if (!parsed.success) return refused(400, "Please review the cancellation again.");
  if (!z.uuid().safeParse(params.bookingId).success) return refused(404, BOOKING_NOT_FOUND_MESSAGE);
  const outcome = await cancelMyBooking(user.id, params.bookingId, parsed.data);
  if (!outcome.ok) return refused(outcome.status, outcome.message);
  const language = languageOfRequest(request);
  const t = serverT(language, "account");
  const money = (fils: number) => formatAed(fils, language);
  const description =
    outcome.payment === "unpaid"
      ? t("Nothing was charged for this booking, so there is nothing to refund.")
      : outcome.feeFils > 0
        ? t("{{refund}} will be refunded to your card (late-cancellation fee {{fee}}).", { refund: money(outcome.refundFils), fee: money(outcome.feeFils) })
        : t("{{refund}} will be refunded to your card.", { refund: money(outcome.refundFils) });
  throw await redirectWithToast(localizePath("/dashboard", language), { type: "success", title: t("Booking cancelled"), description });
}

/** A refused cancellation (e.g. the terms changed) shows the terms as they are now. */
export const shouldRevalidate = () => true;

export default function CancelBookingPage({ loaderData }: Route.ComponentProps) {
  const { booking, terms, feePercent } = loaderData;
  const result = useActionData<typeof action>();
  useFormResult(result);
  const busy = useNavigation().state === "submitting";
  const failure = result && !result.ok ? result.toast?.description : null;
  const problem = failure && failure !== terms.reason ? failure : null;
  const { t } = useTranslation("account");
  const format = useFormat();
  return (
    <BookingChangePage title={t("Cancel booking")} booking={booking}>
      <Card>
        <CardHeader>
          <CardTitle>{t("What happens if you cancel")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ChangeFailure message={problem} />
          {terms.allowed ? (
            <>
              <div className="grid gap-2 text-sm" data-testid="cancellation-terms">
                {booking.payment === "unpaid" ? (
                  <p>{t("Nothing was charged for this booking, so there is nothing to refund and no fee.")}</p>
                ) : terms.window === "free" ? (
                  <p>
                    <TransMessage
                      namespace="account"
                      text="Your appointment is more than {{hours}} hours away: you get a full refund of <strong><bdi>{{refund}}</bdi></strong> to your card."
                      values={{ hours: FREE_CANCELLATION_HOURS, refund: format.money(terms.refundFils) }}
                    />
                  </p>
                ) : (
                  <>
                    <p>
                      <TransMessage
                        namespace="account"
                        text="Your appointment is less than {{hours}} hours away, so a late-cancellation fee of <strong><bdi>{{fee}}</bdi></strong> ({{percent}}% of <bdi>{{total}}</bdi>) is kept."
                        values={{
                          hours: FREE_CANCELLATION_HOURS,
                          fee: format.money(terms.feeFils),
                          percent: feePercent,
                          total: format.money(terms.refundFils + terms.feeFils),
                        }}
                      />
                    </p>
                    <p>
                      <TransMessage
                        namespace="account"
                        text="You get <strong><bdi>{{refund}}</bdi></strong> back to your card."
                        values={{ refund: format.money(terms.refundFils) }}
                      />
                    </p>
                  </>
                )}
                {booking.payment === "card" && terms.refundFils > 0 ? (
                  <p className="text-muted-foreground">{t("Refunds reach your card in 7-14 business days, depending on your bank.")}</p>
                ) : null}
                <p className="text-muted-foreground">{t("The time slot is given back at once; this cannot be undone.")}</p>
              </div>
              <Form method="post" className="flex flex-wrap gap-2">
                <CsrfField />
                <input type="hidden" name="expectedFeeFils" value={terms.feeFils} />
                <Button type="submit" variant="destructive" disabled={busy}>
                  {t("Confirm cancellation")}
                </Button>
                <Button asChild variant="outline">
                  <Link to="/dashboard">{t("Keep my booking")}</Link>
                </Button>
              </Form>
            </>
          ) : (
            <ChangeRefused reason={terms.reason} />
          )}
        </CardContent>
      </Card>
    </BookingChangePage>
  );
}
