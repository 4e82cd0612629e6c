import { describe, expect, it } from "vitest";
import { changePolicyFacts } from "~/modules/booking/change-policy";
import { faqGroups, writtenFaqs } from "~/modules/content/faqs";
import { faqGroupsAr as faqSourcesAr } from "~/modules/content/faqs.ar";

const faqGroupsAr = writtenFaqs(faqSourcesAr, changePolicyFacts({ lateCancellationFeePercent: 25 }));

describe("FAQs", () => {
  it("have an Arabic text for every group, question and answer, in the same order", () => {
    expect(faqGroupsAr.map((group) => group.items.length)).toEqual(faqGroups.map((group) => group.items.length));
    for (const group of faqGroupsAr) {
      expect(group.title).toMatch(/[\u0600-\u06FF]/);
      for (const item of group.items) {
        expect(item.question).toMatch(/[\u0600-\u06FF]/);
        expect(item.answer).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });
});
