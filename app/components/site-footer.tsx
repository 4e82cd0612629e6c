import { FlaskConical } from "~/components/ui/icons";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/i18n/link";
import { useLanguage } from "~/i18n/use-language";
import { SharedMarkup } from "~/utils/shared-markup";

const footerLinks = [
  { to: "/about", label: "About Us" },
  { to: "/labs", label: "Partner Labs" },
  { to: "/faqs", label: "FAQs" },
  { to: "/resources", label: "Resources" },
  { to: "/terms", label: "Terms of Service" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/cookies", label: "Cookie Policy" },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  // Every page's footer: rendered once per language (and year) on the server.
  return (
    <SharedMarkup as="footer" data={footerLinks} variant={`${useLanguage()} ${year}`} id="site-footer" className="mt-16 border-t bg-muted">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 md:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-primary">
            <FlaskConical className="size-5" aria-hidden /> {t("LabTest Hub")}
          </p>
          <p className="mt-3 text-sm text-muted-foreground">
            {t("Compare and book lab tests from 20+ partner labs across Abu Dhabi, with home collection and digital results.")}
          </p>
        </div>
        <nav aria-label={t("Footer")}>
          <h2 className="text-sm font-semibold">{t("Company")}</h2>
          <ul className="mt-3 grid gap-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-muted-foreground hover:text-foreground hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold">{t("Contact")}</h2>
          <address className="mt-3 grid gap-2 text-sm not-italic text-muted-foreground">
            <span>{t("Abu Dhabi, United Arab Emirates")}</span>
            <a href="tel:+97125550100" className="hover:text-foreground">
              <bdi dir="ltr">+971 2 555 0100</bdi>
            </a>
            <a href="mailto:support@labtesthub.ae" className="hover:text-foreground">
              support@labtesthub.ae
            </a>
          </address>
        </div>
      </div>
      <div className="border-t">
        <div className="mx-auto max-w-7xl px-4 py-6 text-xs text-muted-foreground">
          <p>
            <strong>{t("Medical disclaimer:")}</strong>{" "}
            {t("The content on this website is for informational purposes only and is not a substitute for professional medical advice, diagnosis or treatment. Health check-up packages require a doctor's referral or an initial consultation.")}
          </p>
          <p className="mt-2">{t("© {{year}} LabTest Hub. All prices in AED, including VAT.", { year })}</p>
        </div>
      </div>
    </SharedMarkup>
  );
}
