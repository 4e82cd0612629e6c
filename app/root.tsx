import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/root";
import appStylesHref from "~/app.css?url";
import { FORM_EXPIRED_MESSAGE } from "~/components/csrf-field";
import { NotFoundView } from "~/components/not-found-view";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { directionOf } from "~/i18n/languages";
import { LanguageSuggestion } from "~/i18n/language-suggestion";
import { Link } from "~/i18n/link";
import { useLanguage } from "~/i18n/use-language";
import { useLanguageSync } from "~/i18n/use-language-sync";
import { bookingHorizon } from "~/modules/booking/booking-horizon.server";
import { PendingBookingSubmitter } from "~/modules/booking/pending-booking-submitter";
import { CartProvider, useCart } from "~/modules/cart/cart-context";
import { HeaderSearch } from "~/modules/catalog/header-search";
import { cartLinesForUser } from "~/modules/cart/cart.server";
import { analyticsId, SiteHead } from "~/modules/seo/site-head";
import { loadSiteSeo } from "~/modules/seo/site-seo.server";
import { getUser } from "~/modules/accounts/guards.server";
import { csrfTokenFor } from "~/utils/csrf.server";
import { useNonce } from "~/utils/nonce";
import { REQUEST_ID_META, useRequestId } from "~/utils/request-id";
import { showFormToast, type Toast } from "~/utils/form-result";
import { LazyToaster } from "~/utils/toaster";
import { readToast } from "~/utils/toast.server";
import { loadFailureMessage } from "~/utils/load-failure";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request);
  const { toast, headers } = await readToast(request);
  const cartLines = user ? await cartLinesForUser(user.id) : null;
  const seo = await loadSiteSeo(request);
  if (analyticsId(seo.site)) context.allowAnalytics();
  const responseHeaders = new Headers(headers);
  // A page rendered for a signed-in user is never stored: not by the browser, a proxy or the page cache.
  if (user) responseHeaders.set("Cache-Control", "private, no-store");
  return data(
    {
      user: user && { id: user.id, email: user.email, isAdmin: user.isAdmin, isLabMember: user.isLabMember, emailVerified: user.emailVerified },
      cartLines,
      toast,
      seo,
      csrfToken: csrfTokenFor(request),
      // Every booking date picker's last day (useBookingHorizon); the server refuses later dates.
      bookingHorizonDays: bookingHorizon().days,
    },
    { headers: responseHeaders },
  );
}

/** Every page inherits the root loader's Cache-Control (React Router passes Set-Cookie on by itself). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const language = useLanguage();
  const requestId = useRequestId();
  return (
    <html lang={language} dir={directionOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0e6f7a" />
        {requestId ? <meta name={REQUEST_ID_META} content={requestId} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* With a precedence React writes the stylesheet at the top of the head, before the hoisted
            modulepreload links of <Scripts />, so the one render-blocking file is requested first. */}
        <link rel="stylesheet" href={appStylesHref} precedence="default" />
        {/* No frame before the page's content is parsed whole (Chromium waits for the target's start
            tag): a half-parsed header, filter row or table would be painted and then move as the rest
            arrives, under the visitor's finger. The document arrives whole, so this waits for parsing only. */}
        <link rel="expect" href="#site-footer" blocking="render" />
        <Meta />
        <Links />
        <SiteHead />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function useToastFromServer(toast: Toast | null | undefined) {
  useEffect(() => {
    if (!toast) return;
    // Defer so the toast survives the route transition that brought it.
    const id = setTimeout(() => showFormToast(toast), 0);
    return () => clearTimeout(id);
  }, [toast]);
}

/** The header with the cart's count, read inside the cart provider. */
function Header({ user }: { user: { email: string; isAdmin: boolean; isLabMember: boolean } | null }) {
  // The back office has its own searches: the storefront's box is not offered there.
  const backOffice = useLocation().pathname.startsWith("/admin");
  return <SiteHeader user={user} cartUnits={useCart().units} search={backOffice ? undefined : (id) => <HeaderSearch id={id} />} />;
}

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { t } = useTranslation();
  useToastFromServer(root?.toast);
  useLanguageSync();
  return (
    <CartProvider signedIn={Boolean(root?.user)} serverLines={root?.cartLines ?? null}>
      <PendingBookingSubmitter signedIn={Boolean(root?.user)} />
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t("Skip to main content")}
      </a>
      <LanguageSuggestion />
      <Header user={root?.user ?? null} />
      <main id="main" className="flex-1" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <LazyToaster
        position="top-center"
        richColors
        closeButton
        containerAriaLabel={t("Notifications")}
        toastOptions={{ closeButtonAriaLabel: t("Close notification") }}
      />
    </CartProvider>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}

function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const requestId = useRequestId();
  // The deepest page of the address: the one whose data failed to load.
  const failedRouteId = useMatches().at(-1)?.id;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFoundView />
      </Shell>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const heading = (status === 500 ? loadFailureMessage(failedRouteId) : null) ?? "Something went wrong";
  return (
    <Shell>
      <title>{`${t(heading)} | ${t("LabTest Hub")}`}</title>
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{t(heading)}</h1>
        <p className="mt-4 text-muted-foreground">
          {isRouteErrorResponse(error) && error.data === FORM_EXPIRED_MESSAGE
            ? t(FORM_EXPIRED_MESSAGE)
            : status === 403
            ? t("You don't have permission to see this page.")
            : t("We could not load this page. Please try again in a moment.")}
        </p>
        {requestId ? (
          <p className="mt-4 text-sm text-muted-foreground" data-testid="error-reference">
            {t("If you contact support, quote this reference: {{reference}}", { reference: requestId })}
          </p>
        ) : null}
        <Link to="/" className="mt-8 inline-block font-medium text-primary underline">
          {t("Return to Home")}
        </Link>
      </section>
    </Shell>
  );
}
