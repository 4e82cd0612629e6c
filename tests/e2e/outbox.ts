import type { Page } from "@playwright/test";

// Reading the development outbox through the admin pages (/admin/outbox), as a tester would.
// The page must be signed in as an admin. Messages are sent by the job worker a moment after the
// change that queues them, so the look-ups wait for them. Only type imports from Playwright:
// parseIcs is also used by the unit tests.

export type OutboxMessage = { id: string; subject: string; html: string; text: string; to: string; kind: string };

/**
 * The newest message of `kind` (booking_confirmed, booking_reminder, ...) to `to`, waiting up to
 * `timeout` ms for it to arrive; `notId` skips messages already seen (an earlier one of the same kind).
 */
export async function findMessage(
  page: Page,
  { to, kind, timeout = 20_000, notId }: { to: string; kind: string; timeout?: number; notId?: string | string[] },
): Promise<OutboxMessage> {
  const skip = new Set(typeof notId === "string" ? [notId] : (notId ?? []));
  const deadline = Date.now() + timeout;
  for (;;) {
    await page.goto(`/admin/outbox?to=${encodeURIComponent(to)}`);
    const hrefs = await page.locator(`a[data-kind="${kind}"]`).evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    const id = hrefs.map((href) => href.split("/").at(-1)!).find((candidate) => !skip.has(candidate));
    if (id) return openMessage(page, id);
    if (Date.now() > deadline) throw new Error(`No ${kind} message to ${to} in the outbox after ${timeout} ms`);
    await page.waitForTimeout(500);
  }
}

/** A message's page: its subject, recipient, kind, rendered HTML (the iframe's srcdoc) and plain text. */
export async function openMessage(page: Page, id: string): Promise<OutboxMessage> {
  await page.goto(`/admin/outbox/${id}`);
  const subject = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const html = (await page.locator("iframe[srcdoc]").getAttribute("srcdoc").catch(() => null)) ?? "";
  const text = (await page.getByTestId("message-text").textContent()) ?? "";
  const to = (await page.getByTestId("message-to").textContent()) ?? "";
  const kind = (await page.getByTestId("message-kind").textContent()) ?? "";
  return { id, subject, html, text, to, kind };
}

/** The message's calendar attachment (.ics) as text, downloaded from the admin page's link. */
export async function fetchIcs(page: Page, messageId: string): Promise<string> {
  for (let index = 0; index < 10; index++) {
    const response = await page.request.get(`/admin/outbox/${messageId}/attachments/${index}`);
    if (response.status() === 404) break;
    if (!response.ok()) throw new Error(`Attachment ${index} of ${messageId}: HTTP ${response.status()}`);
    if ((response.headers()["content-type"] ?? "").startsWith("text/calendar")) return response.text();
  }
  throw new Error(`Message ${messageId} has no calendar attachment`);
}

export type ParsedIcs = {
  method: string | null;
  uid: string | null;
  sequence: number | null;
  /** DTSTART's value as written, e.g. 20261124T090000 (local time of `tzid`). */
  dtstart: string | null;
  tzid: string | null;
  dtend: string | null;
  location: string | null;
  summary: string | null;
  status: string | null;
};

const unescapeText = (value: string) => value.replace(/\\n/gi, "\n").replace(/\\([,;\\])/g, "$1");

/** The calendar's METHOD and its first event's UID, SEQUENCE, DTSTART (with TZID), DTEND, LOCATION, SUMMARY, STATUS. */
export function parseIcs(ics: string): ParsedIcs {
  // Unfold: a line break followed by a space or tab continues the previous line (RFC 5545 3.1).
  const lines = ics.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
  const parsed: ParsedIcs = { method: null, uid: null, sequence: null, dtstart: null, tzid: null, dtend: null, location: null, summary: null, status: null };
  let inEvent = false;
  let seenEvent = false;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") inEvent = !seenEvent;
    if (line === "END:VEVENT") {
      inEvent = false;
      seenEvent = true;
    }
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const [name, ...params] = line.slice(0, colon).split(";");
    const value = line.slice(colon + 1);
    if (name === "METHOD" && !inEvent) parsed.method = value;
    if (!inEvent) continue;
    if (name === "UID") parsed.uid = value;
    if (name === "SEQUENCE") parsed.sequence = Number(value);
    if (name === "DTSTART") {
      parsed.dtstart = value;
      parsed.tzid = params.find((param) => param.startsWith("TZID="))?.slice(5) ?? null;
    }
    if (name === "DTEND") parsed.dtend = value;
    if (name === "LOCATION") parsed.location = unescapeText(value);
    if (name === "SUMMARY") parsed.summary = unescapeText(value);
    if (name === "STATUS") parsed.status = value;
  }
  return parsed;
}
