import { useTranslation } from "~/i18n/use-translation";
import { data, redirect } from "react-router";
import { z } from "zod";
import { useFunnelStep } from "~/utils/funnel-beacon";
import type { Route } from "./+types/checkout";
import { getUser, requireUser } from "~/modules/accounts/guards.server";
import type { PatientDetailsValues } from "~/modules/booking/patient-details-fields";
import { withinBookingHorizon } from "~/modules/booking/booking-horizon.server";
import { BEYOND_HORIZON_MESSAGE } from "~/modules/booking/change-policy";
import { PatientDetailsSchema } from "~/modules/booking/schemas";
import {
  forgetCheckoutDetails,
  readCheckoutDetails,
  saveCheckoutDetails,
} from "~/modules/checkout/checkout-details.server";
import { loadCheckoutStep } from "~/modules/checkout/checkout-step.server";
import {
  CHECKOUT_STEPS,
  CheckoutProgress,
  CheckoutSummary,
  ConfirmationStep,
  DetailsStep,
  PaymentStep,
  ReviewStep,
} from "~/modules/checkout/checkout-steps";
import { PAYMENT_ERROR, PaymentFormSchema } from "~/modules/checkout/payment-method";
import { placeOrder } from "~/modules/checkout/place-order-by-method.server";
import { saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { cartWritesSettled } from "~/modules/cart/cart-context";
import { useFormResult } from "~/utils/form-result";
import { formFailure, invalidForm } from "~/utils/form-result.server";
import { readForm } from "~/utils/request-body.server";
import { REFERRAL_MAX_BYTES } from "~/modules/booking/referral";
import { redirectWithToast } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/seo/private-paths";
import { translatorFor } from "~/i18n/i18n";
import { languageOfRequest } from "~/i18n/i18n.server";
import { languageOfPath, localizePath } from "~/i18n/languages";

export const meta: Route.MetaFunction = ({ location }) => privatePageMeta(translatorFor(languageOfPath(location.pathname), "checkout")("Checkout"));

/** A site path in the request's language (/ar/... for an Arabic checkout). */
const inLanguageOf = (request: Request, path: string) => localizePath(path, languageOfRequest(request));

const StepSchema = z.enum(CHECKOUT_STEPS).catch("review");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const step = StepSchema.parse(url.searchParams.get("step") ?? "review");
  if (step === "review") return { step } as const;

  const user = await getUser(request);
  if (!user) {
    throw await redirectWithToast(inLanguageOf(request, `/auth?redirect=${encodeURIComponent(url.pathname + url.search)}`), {
      type: "info",
      title: "Authentication Required",
      description: "Please sign in or create an account to continue to checkout",
    });
  }
  const shown = await loadCheckoutStep(request, user, step);
  if (shown.goTo) {
    const path = inLanguageOf(request, shown.goTo);
    throw "toast" in shown && shown.toast ? await redirectWithToast(path, shown.toast) : redirect(path);
  }
  if (shown.notFound) throw data("Order not found", { status: 404 });
  return shown;
}

const CHECKOUT_MAX_BYTES = 4 * REFERRAL_MAX_BYTES + 1024 * 1024;

/** What the customer typed, to show again (a chosen file is not sent back). */
const typedValues = (form: Record<string, FormDataEntryValue>) => Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === "string"));

/** The details step's answer when refused: the values to show again (the messages travel as `fieldErrors`). */
type CheckoutExtra = { values: PatientDetailsValues };

/** The details step lists the cart as the server has it: a quantity changed a moment ago is saved first. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await cartWritesSettled();
  return serverLoader();
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  // The details step may carry a doctor's referral file per line (5 MB each at most, issue 26).
  const form = await readForm(request, { maxBytes: CHECKOUT_MAX_BYTES });

  if (form.intent === "details") {
    const values = typedValues(form) as PatientDetailsValues;
    const parsed = PatientDetailsSchema.safeParse(form);
    if (!parsed.success) {
      return invalidForm<CheckoutExtra>(parsed.error, undefined, { values });
    }
    if (!withinBookingHorizon(parsed.data.scheduledDate)) {
      return formFailure<CheckoutExtra>(400, { fieldErrors: { scheduledDate: [BEYOND_HORIZON_MESSAGE] }, values });
    }
    // Each line's lab, collection and slot: refused with a message naming the line.
    const problems = await saveAndCheckLineChoices(user.id, parsed.data, form, languageOfRequest(request));
    const first = Object.values(problems).find((messages) => messages?.length)?.[0];
    if (first) {
      return formFailure<CheckoutExtra>(400, {
        fieldErrors: problems,
        toast: { type: "error", title: "Please check your tests", description: first },
        values,
      });
    }
    throw redirect(inLanguageOf(request, "/checkout?step=payment"), { headers: { "Set-Cookie": await saveCheckoutDetails(parsed.data) } });
  }

  const details = await readCheckoutDetails(request);
  if (!details) throw redirect(inLanguageOf(request, "/checkout?step=details"));
  const payment = PaymentFormSchema.safeParse(form);
  if (!payment.success) return formFailure<CheckoutExtra>(400, { toast: PAYMENT_ERROR });
  const placed = await placeOrder(user.id, details, payment.data.paymentMethod, languageOfRequest(request));
  if (!placed.ok) return formFailure<CheckoutExtra>(placed.status, { toast: placed.toast });
  throw redirect(inLanguageOf(request, placed.redirectTo), { headers: { "Set-Cookie": await forgetCheckoutDetails(request) } });
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("checkout");
  const errors = useFormResult(actionData);
  useFunnelStep("checkout_started", loaderData.step === "confirmation" ? null : "checkout");
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t("Checkout")}</h1>
      <CheckoutProgress step={loaderData.step} />
      {loaderData.step === "review" ? <ReviewStep /> : null}
      {loaderData.step === "details" ? (
        <DetailsStep values={actionData?.values ?? loaderData.values} errors={errors} lines={loaderData.lines} patients={loaderData.patients} />
      ) : null}
      {loaderData.step === "payment" ? (
        <>
          <CheckoutSummary rows={loaderData.summary.rows} totalFils={loaderData.summary.totalFils} />
          <PaymentStep
            details={loaderData.details}
            appointments={loaderData.summary.appointments}
            dayBookings={loaderData.summary.dayBookings}
            policy={loaderData.policy}
          />
        </>
      ) : null}
      {loaderData.step === "confirmation" ? <ConfirmationStep order={loaderData.order} policy={loaderData.policy} /> : null}
    </div>
  );
}
