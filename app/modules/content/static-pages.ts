import type { MetaDescriptor } from "react-router";
import type { Language } from "~/i18n/languages";
import { pageMeta } from "~/modules/seo/page-meta";

type PageHead = { title: string; description: string };

/** Title and search description of the static pages (spec: about, terms, privacy, cookies), in both languages. */
const STATIC_PAGES: Record<"about" | "terms" | "privacy" | "cookies", Record<Language, PageHead>> = {
  about: {
    en: {
      title: "About Us",
      description:
        "Who we are: an Abu Dhabi marketplace to compare and book lab tests from 20+ licensed partner labs, with home collection and digital results.",
    },
    ar: {
      title: "من نحن",
      description: "من نحن: سوق في أبوظبي لمقارنة الفحوصات المخبرية وحجزها من أكثر من 20 مختبراً شريكاً مرخَّصاً، مع السحب المنزلي والنتائج الرقمية.",
    },
  },
  terms: {
    en: {
      title: "Terms of Service",
      description: "The terms for booking lab tests through LabTest Hub: prices in AED including taxes, cancellations and refunds.",
    },
    ar: {
      title: "شروط الخدمة",
      description: "شروط حجز الفحوصات المخبرية عبر LabTest Hub: الأسعار بالدرهم شاملة الضرائب، والإلغاء والاسترداد.",
    },
  },
  privacy: {
    en: {
      title: "Privacy Policy",
      description: "How LabTest Hub collects, uses and protects your personal and health information.",
    },
    ar: {
      title: "سياسة الخصوصية",
      description: "كيف يجمع LabTest Hub معلوماتك الشخصية والصحية ويستخدمها ويحميها.",
    },
  },
  cookies: {
    en: {
      title: "Cookie Policy",
      description: "Which cookies LabTest Hub uses and how you can control them.",
    },
    ar: {
      title: "سياسة ملفات تعريف الارتباط",
      description: "ملفات تعريف الارتباط التي يستخدمها LabTest Hub وكيف يمكنك التحكم بها.",
    },
  },
};

/** The head of a static page in the page's language. */
export function staticPageMeta(matches: Parameters<typeof pageMeta>[0], page: keyof typeof STATIC_PAGES, language: Language): MetaDescriptor[] {
  return pageMeta(matches, STATIC_PAGES[page][language]);
}
