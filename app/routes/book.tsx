import { useCallback, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { redirect, useNavigate } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/book";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { BookingForm, type BookingExtra } from "~/modules/booking/booking-form";
import { bookingOptions, readBookingQuery } from "~/modules/booking/booking-options.server";
import {
  BookingChoiceError,
  bookedMessage,
  createBooking,
  SlotTakenError,
  TestNotFoundError,
} from "~/modules/booking/create-booking.server";
import { chosenArea } from "~/modules/booking/patient-area.server";
import { findTestSummary } from "~/modules/booking/test-summary.server";
import { BOOKING_LIMIT_TITLE, BookingLimitError } from "~/modules/slots/account-limits.server";
import { BookingFormSchema } from "~/modules/booking/schemas";
import { REFERRAL_MAX_BYTES } from "~/modules/booking/referral";
import { formFailure, formSuccess, invalidForm } from "~/utils/form-result.server";
import { getUser } from "~/modules/accounts/guards.server";
import { listSavedPatients } from "~/modules/accounts/saved-patients.server";
import { readForm } from "~/utils/request-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { TwoPlacesError } from "~/modules/slots/patient-conflicts.server";
import { privatePageMeta } from "~/modules/seo/private-paths";
import { startBookTestCardPayment } from "~/modules/payments/book-test-card.server";
import { cardProvider } from "~/modules/payments/card-provider.server";
import { PAYMENT_ERROR } from "~/modules/checkout/payment-method";
import { logger } from "~/utils/logger.server";
import { translatorFor } from "~/i18n/i18n";
import { languageOfRequest } from "~/i18n/i18n.server";
import { languageOfPath, localizePath } from "~/i18n/languages";
import { Link } from "~/i18n/link";
import { localizedField } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import { useLocalizePath } from "~/i18n/use-language";

export const meta: Route.MetaFunction = ({ data: loaderData, location }) => {
  const language = languageOfPath(location.pathname);
  const t = translatorFor(language, "checkout");
  const test = loaderData?.test;
  return privatePageMeta(test ? t("Book {{test}}", { test: localizedField(test.name, test.nameAr, language).text }) : t("Book a test"));
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getUser(request);
  const language = languageOfRequest(request);
  if (!user) {
    throw await redirectWithToast(localizePath(`/auth?redirect=${encodeURIComponent(localizePath(`/book/${params.testId}`, language))}`, language), {
      type: "error",
      title: "Authentication required",
      description: "Please sign in to book a test",
    });
  }
  const test = z.uuid().safeParse(params.testId).success ? await findTestSummary(params.testId) : null;
  if (!test) throw await redirectWithToast(localizePath("/", language), { type: "error", title: "Failed to load test details" });
  // ?lab= (the product page's "Book at this lab") preselects the lab.
  const search = new URL(request.url).searchParams;
  const query = readBookingQuery(search);
  // The area: the page's ?area=, else the saved address's or the last home visit's (issue 26).
  const options = await bookingOptions({ testId: test.id, labId: query.labId, type: query.type, date: null }, await chosenArea(search, user.id));
  // The account's saved patients for the form's "Patient" (the Book Test dialog loads them here too).
  const patients = (await listSavedPatients(user.id)).map(({ id, fullName, phone }) => ({ id, fullName, phone }));
  return { test, options, patients };
}

const refused = (status: number, description: string) =>
  formFailure<BookingExtra>(status, { toast: { type: "error", title: "Error", description } });

export async function action({ request, params }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) return refused(401, "Please sign in to book a test");
  // The form may carry a doctor's referral file (5 MB at most, issue 26).
  const form = await readForm(request, { maxBytes: REFERRAL_MAX_BYTES + 1024 * 1024 });
  const parsed = BookingFormSchema.safeParse(form);
  if (!parsed.success) return invalidForm<BookingExtra>(parsed.error, "Error");
  if (!z.uuid().safeParse(params.testId).success) return refused(404, "Failed to load test details");
  const language = languageOfRequest(request);
  // The provider's page for a card payment, redirected to after the try (a redirect thrown inside it would be caught).
  let cardPage: string;
  try {
    // Card now (issue 26): the order waits for its payment on the provider's page, its slot held.
    if (parsed.data.payment === "card") {
      cardPage = (await startBookTestCardPayment(cardProvider(), user.id, params.testId, parsed.data, { language, form })).url;
    } else {
      const booking = await createBooking(user.id, params.testId, parsed.data, language, form);
      return formSuccess<Partial<BookingExtra>>(
        { type: "success", title: "Success", description: bookedMessage(booking, language) },
        { bookingId: booking.id },
      );
    }
  } catch (error) {
    if (error instanceof TestNotFoundError) return refused(404, "Failed to load test details");
    if (error instanceof BookingLimitError) {
      const message = error.describe(language);
      return formFailure<BookingExtra>(409, {
        toast: { type: "error", title: BOOKING_LIMIT_TITLE, description: message },
        ...(error.limit === "slot-units" ? { fieldErrors: { scheduledTime: [message] } } : {}),
      });
    }
    if (error instanceof TwoPlacesError) {
      const message = error.describe(language);
      return formFailure<BookingExtra>(409, { toast: { type: "error", title: "Error", description: message }, fieldErrors: { scheduledTime: [message] } });
    }
    if (error instanceof BookingChoiceError || error instanceof SlotTakenError) {
      const field = error instanceof BookingChoiceError ? error.field : "scheduledTime";
      const message = error instanceof BookingChoiceError ? error.describe(language) : error.message;
      return formFailure<BookingExtra>(error instanceof SlotTakenError ? 409 : 400, {
        toast: { type: "error", title: "Error", description: message },
        fieldErrors: { [field]: [message] },
      });
    }
    if (parsed.data.payment !== "card") throw error;
    logger.error({ err: error, userId: user.id }, "starting a Book Test card payment failed");
    return formFailure<BookingExtra>(502, { toast: PAYMENT_ERROR });
  }
  throw redirect(cardPage);
}

export default function BookTestPage({ loaderData }: Route.ComponentProps) {
  const { test, options, patients } = loaderData;
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const { t } = useTranslation("checkout");
  const format = useFormat();
  const dashboard = localize("/dashboard");
  const goToDashboard = useCallback(() => navigate(dashboard), [navigate, dashboard]);
  const name = localizedField(test.name, test.nameAr, format.language);
  const [priceFils, setPriceFils] = useState(test.priceFils);
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t("Book a Test")}</h1>
      <Card>
        <CardHeader>
          <CardTitle lang={name.lang}>{name.lang ? <bdi>{name.text}</bdi> : name.text}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-4">
          {test.featuredImage ? (
            <img src={test.featuredImage} alt="" width={80} height={80} className="size-20 rounded-md object-cover" loading="lazy" />
          ) : null}
          <p className="text-xl font-semibold text-primary">
            <bdi data-testid="book-page-price">{format.money(priceFils)}</bdi>
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("Patient details")}</CardTitle>
        </CardHeader>
        <CardContent>
          <BookingForm
            test={test}
            initialOptions={options}
            patients={patients}
            onBooked={goToDashboard}
            onPriceChange={setPriceFils}
            cancel={
              <Button asChild variant="outline">
                <Link to={`/product/${test.slug}`}>{t("Cancel")}</Link>
              </Button>
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}
