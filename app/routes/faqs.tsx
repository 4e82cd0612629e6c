import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/faqs";
import { pageMeta } from "~/modules/seo/page-meta";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { currentChangePolicy } from "~/modules/booking/change-policy.server";
import type { ChangePolicyFacts } from "~/modules/booking/change-policy";
import { faqGroups, faqPageJsonLd, writtenFaqs } from "~/modules/content/faqs";
import { faqGroupsAr } from "~/modules/content/faqs.ar";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath, type Language } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";

const groupsIn = (language: Language, policy: ChangePolicyFacts) => writtenFaqs(language === "ar" ? faqGroupsAr : faqGroups, policy);

/** The answers about changes and refunds state the change policy with the numbers this deployment applies. */
export function loader() {
  return { policy: currentChangePolicy() };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const language = languageOfPath(location.pathname);
  const t = translatorFor(language, "pages");
  return pageMeta(matches, {
    title: t("Frequently Asked Questions"),
    description: t("Answers about booking lab tests, home collection, results, payments and refunds in Abu Dhabi."),
    jsonLd: loaderData ? [faqPageJsonLd(groupsIn(language, loaderData.policy))] : [],
  });
};

export default function FaqsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const groups = groupsIn(useLanguage(), loaderData.policy);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("Frequently Asked Questions")}</h1>
      <p className="mt-4 text-muted-foreground">{t("Everything you need to know about booking lab tests, home collection, results and payments.")}</p>
      {groups.map((group, groupIndex) => (
        <section key={group.title} className="mt-10" aria-labelledby={`faq-group-${groupIndex}`}>
          <h2 id={`faq-group-${groupIndex}`} className="text-xl font-semibold">
            {group.title}
          </h2>
          <Accordion className="mt-2">
            {group.items.map((item, itemIndex) => (
              <AccordionItem key={item.question} value={`${groupIndex}-${itemIndex}`}>
                <AccordionTrigger>{item.question}</AccordionTrigger>
                <AccordionContent>{item.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </section>
      ))}
    </div>
  );
}
