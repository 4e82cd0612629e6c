import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useActionData } from "react-router";
import type { Route } from "./+types/dashboard";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { getProfile } from "~/modules/accounts/profile.server";
import { requireUser } from "~/modules/accounts/guards.server";
import { changeOptionsOf } from "~/modules/payments/booking-changes.server";
import { MyBookingsList } from "~/modules/booking/my-bookings-list";
import { runOrderAction } from "~/modules/payments/order-action.server";
import { bookingsForUser, ordersForUser } from "~/modules/orders/order-history.server";
import { OrderHistoryTable } from "~/modules/orders/order-history-table";
import { useFormResult } from "~/utils/form-result";
import { readForm } from "~/utils/request-body.server";
import { privatePageMeta } from "~/modules/seo/private-paths";
import { CsrfField } from "~/components/csrf-field";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath } from "~/i18n/languages";
import { Form, Link } from "~/i18n/link";
import { useLanguage } from "~/i18n/use-language";

export const meta: Route.MetaFunction = ({ location }) => privatePageMeta(translatorFor(languageOfPath(location.pathname), "account")("My Dashboard"));

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [profile, orders, bookings] = await Promise.all([
    getProfile(user.id),
    ordersForUser(user.id),
    bookingsForUser(user.id),
  ]);
  return {
    email: user.email,
    emailVerified: user.emailVerified,
    profile,
    orders,
    bookings: bookings.map((booking) => ({ ...booking, changes: changeOptionsOf(booking) })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  // Cancel Order returns to the dashboard and Resume Order goes to the cart, in the page's language.
  return runOrderAction(user.id, await readForm(request), languageOfPath(new URL(request.url).pathname));
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { profile, email, emailVerified, orders, bookings } = loaderData;
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ");
  useFormResult(useActionData<typeof action>());
  const { t } = useTranslation("account");
  const language = useLanguage();

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 max-sm:px-3">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{t("My Dashboard")}</h1>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to="/">{t("Back to Home")}</Link>
          </Button>
          <Button asChild>
            <Link to="/dashboard/results">{t("My Results")}</Link>
          </Button>
          <Form method="post" action={language === "ar" ? "/auth/sign-out?lang=ar" : "/auth/sign-out"}>
            <CsrfField />
            <Button type="submit" variant="secondary">
              {t("Logout")}
            </Button>
          </Form>
        </div>
      </div>
      {!emailVerified ? (
        <p role="status" className="rounded-md border border-warning/40 bg-warning/5 p-3 text-sm wrap-anywhere">
          {t("Please confirm your e-mail address: we sent a link to {{email}}.", { email: language === "en" ? email : `\u2068${email}\u2069` })}
        </p>
      ) : null}
      <Card>
        <div className="flex flex-row flex-wrap items-center justify-between gap-2 p-6 max-sm:p-4">
          <CardTitle>{t("Profile")}</CardTitle>
          <Button asChild variant="outline" size="sm">
            <Link to="/profile">{t("Edit Profile")}</Link>
          </Button>
        </div>
        <CardContent className="grid gap-1 text-sm wrap-anywhere">
          {(
            [
              [t("Name"), name || t("Not set")],
              [t("Email"), <bdi key="email">{email}</bdi>],
              [t("Phone"), profile?.phone ? <bdi key="phone">{profile.phone}</bdi> : t("Not set")],
            ] satisfies [string, ReactNode][]
          ).map(([label, value]) => (
            <p key={label}>
              <span className="text-muted-foreground">{t("{{label}}:", { label })} </span>
              {value}
            </p>
          ))}
        </CardContent>
      </Card>
      <Section title={t("Order History")}>
        <OrderHistoryTable orders={orders} />
      </Section>
      <Section title={t("My Bookings")}>
        <MyBookingsList bookings={bookings} />
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="max-sm:p-4">
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      {/* A phone's cards get the width back (issue 26: a 280 px card at 360 px). */}
      <CardContent className="max-sm:px-3 max-sm:pb-3">{children}</CardContent>
    </Card>
  );
}
