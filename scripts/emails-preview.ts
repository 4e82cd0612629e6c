// npm run emails:preview
// Renders every customer message from the sample data (app/modules/notifications/message-fixtures.ts)
// into docs/emails/: <kind>.html (open it in a browser, or narrow the window to a phone's width),
// <kind>.txt (the plain-text part) and <kind>.ics for the messages that carry a calendar file.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fixtureContext, fixtureMessages, fixtureMessagesAr } from "~/modules/notifications/message-fixtures";
import { renderMessage } from "~/modules/notifications/render-message.server";

const folder = join(process.cwd(), "docs", "emails");
mkdirSync(folder, { recursive: true });
const index: string[] = ["# Customer e-mails", "", "Rendered by `npm run emails:preview` from the sample data in `app/modules/notifications/message-fixtures.ts`.", "", "| message | subject | files |", "|---|---|---|"];
for (const message of fixtureMessages) {
  const mail = await renderMessage(message, fixtureContext);
  const files = [`${message.kind}.html`, `${message.kind}.txt`];
  writeFileSync(join(folder, files[0]), mail.html);
  writeFileSync(join(folder, files[1]), mail.text);
  if (mail.attachments[0]) {
    files.push(`${message.kind}.ics`);
    writeFileSync(join(folder, files[2]), mail.attachments[0].content);
  }
  index.push(`| ${message.kind} | ${mail.subject} | ${files.map((file) => `[${file}](${file})`).join(" ")} |`);
}
// The same messages for a customer whose language is Arabic (issue 14), right to left, in docs/emails/ar/.
mkdirSync(join(folder, "ar"), { recursive: true });
index.push("", "In Arabic (the customer's profile language is Arabic):", "", "| message | subject | files |", "|---|---|---|");
for (const message of fixtureMessagesAr) {
  const mail = await renderMessage(message, fixtureContext);
  const files = [`ar/${message.kind}.html`, `ar/${message.kind}.txt`];
  writeFileSync(join(folder, files[0]), mail.html);
  writeFileSync(join(folder, files[1]), mail.text);
  index.push(`| ${message.kind} | ${mail.subject} | ${files.map((file) => `[${file}](${file})`).join(" ")} |`);
}
writeFileSync(join(folder, "README.md"), `${index.join("\n")}\n`);
console.log(`Wrote ${fixtureMessages.length} messages in English and Arabic to ${folder}`);
