import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/i18n/link";

export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{`${t("404 - Page Not Found")} | ${t("LabTest Hub")}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-4xl font-bold">{t("404 - Page Not Found")}</h1>
      <p className="mt-4 text-xl text-muted-foreground">{t("Oops! Page not found")}</p>
      <Link to="/" className="mt-8 font-medium text-primary underline underline-offset-4">
        {t("Return to Home")}
      </Link>
    </section>
  );
}
