import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/modules/seo/page-meta";

/** Title and search description of the static pages (spec: about, terms, privacy, cookies). */
const STATIC_PAGES = {
  about: {
    title: "About Us",
    description:
      "Who we are: an Abu Dhabi marketplace to compare and book lab tests from 20+ licensed partner labs, with home collection and digital results.",
  },
  terms: {
    title: "Terms of Service",
    description: "The terms for booking lab tests through LabTest Hub: prices in AED including taxes, cancellations and refunds.",
  },
  privacy: {
    title: "Privacy Policy",
    description: "How LabTest Hub collects, uses and protects your personal and health information.",
  },
  cookies: {
    title: "Cookie Policy",
    description: "Which cookies LabTest Hub uses and how you can control them.",
  },
};

/** The head of a static page. */
export function staticPageMeta(matches: Parameters<typeof pageMeta>[0], page: keyof typeof STATIC_PAGES): MetaDescriptor[] {
  return pageMeta(matches, STATIC_PAGES[page]);
}
