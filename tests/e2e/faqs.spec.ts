import { expect, test } from "@playwright/test";
import { currentChangePolicy } from "../../app/modules/booking/change-policy.server";
import { faqGroups, writtenFaqs } from "../../app/modules/content/faqs";
import { parseEnv } from "../../app/utils/env.server";
import { waitForHydration } from "./helpers";

// The answers about changes and refunds carry the server's fee setting (it inherits this one).
const policy = currentChangePolicy(parseEnv({ LATE_CANCELLATION_FEE_PERCENT: process.env.LATE_CANCELLATION_FEE_PERCENT }));
const items = writtenFaqs(faqGroups, policy).flatMap((group) => group.items);

test("every FAQ answer and the FAQPage structured data are in the server HTML", async ({ browser, baseURL }) => {
  // Without JavaScript the page is exactly what the server sent, as a crawler sees it.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/faqs");
  for (const item of items) await expect(page.getByText(item.answer, { exact: true })).toBeVisible();

  const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
  const faqPage = structured.map((text) => JSON.parse(text)).find((data) => data["@type"] === "FAQPage");
  expect(faqPage.mainEntity).toEqual(
    items.map((item) => ({ "@type": "Question", name: item.question, acceptedAnswer: { "@type": "Answer", text: item.answer } })),
  );
  await context.close();
});

test("with JavaScript, answers stay hidden until their question is opened, and arrow keys move between questions", async ({ page }) => {
  await page.goto("/faqs");
  await waitForHydration(page);
  const [first, second] = items;
  await expect(page.getByText(first.answer)).toBeHidden();
  const firstQuestion = page.getByRole("button", { name: first.question });
  await firstQuestion.click();
  await expect(page.getByRole("region", { name: first.question })).toHaveText(first.answer);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("button", { name: second.question })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(second.answer)).toBeVisible();
  await expect(page.getByText(first.answer)).toBeHidden();
});
