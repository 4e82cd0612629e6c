// The catalogues (app/locales) are JSON in i18next's format: the key is the spec's English text,
// `{{name}}` a variable, `key_one`/`key_other` (Arabic: zero, one, two, few, many, other) the
// plural forms chosen by `count`, and <strong>/<bdi> the only markup. Lingui, which translates at
// run time, takes compiled ICU messages; this turns one into the other. The server compiles at
// start-up; the browser gets them compiled at build time (vite.config.ts), so the compiler (and
// English texts that are their own key) never reach it. i18n/messages.test.ts checks that every
// key of both languages gives the text i18next gives.
import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";

export type Catalogue = Record<string, string>;

const PLURAL_FORM = /^(.*)_(zero|one|two|few|many|other)$/;
/** The tags a message may hold, as Lingui's <Trans> numbers them (its components prop). */
export const MESSAGE_TAGS = ["strong", "bdi"] as const;

/** One text of the catalogue as ICU: {{name}} is {name}, and ICU's own characters stay literal. */
function icu(text: string, inPlural: boolean) {
  let out = text.replace(/'/g, "''").replace(/\{\{\s*(\w+)\s*\}\}/g, "\uE000$1\uE001");
  out = out.replace(/[{}]/g, (brace) => `'${brace}'`);
  if (inPlural) out = out.replace(/#/g, "'#'");
  out = out.replace(/<(\/?)(\w+)>/g, (tag, close: string, name: string) => {
    const index = (MESSAGE_TAGS as readonly string[]).indexOf(name);
    return index < 0 ? tag : `<${close}${index}>`;
  });
  return out.replace(/\uE000(\w+)\uE001/g, "{$1}");
}

/** A catalogue as ICU messages by key: a key's plural forms become one `{count, plural, ...}`. */
export function icuMessages(catalogue: Catalogue): Catalogue {
  const messages: Catalogue = {};
  const plurals = new Map<string, [string, string][]>();
  for (const [key, text] of Object.entries(catalogue)) {
    const plural = PLURAL_FORM.exec(key);
    if (plural) plurals.set(plural[1], [...(plurals.get(plural[1]) ?? []), [plural[2], text]]);
    else messages[key] = icu(text, false);
  }
  for (const [key, forms] of plurals) {
    // i18next takes the zero form for 0 whatever the language's rules say; ICU's =0 does the same.
    const cases = forms.map(([form, text]) => `${form === "zero" ? "=0" : form} {${icu(text, true)}}`);
    messages[key] = `{count, plural, ${cases.join(" ")}}`;
  }
  return messages;
}

/**
 * A message's id: its namespace and its text. A text can read differently by where it is used
 * ("Search" is a noun in the catalogue and a button's verb on the home page), so each namespace
 * keeps its own; the separator is Lingui's own for a message's context.
 */
export function messageId(namespace: string, key: string) {
  return `${namespace}\u0004${key}`;
}

/** The text of a message id (what a message missing from the catalogue shows). */
export function textOfMessageId(id: string) {
  return id.slice(id.indexOf("\u0004") + 1);
}

/**
 * The compiled messages of catalogues by namespace. `withoutOwnKeys` leaves out messages that are
 * their key word for word: a missing message shows its text (createI18n), so English needs only
 * the texts with variables, plurals or markup.
 */
export function compiledMessages(catalogues: Record<string, Catalogue>, { withoutOwnKeys = false } = {}): Messages {
  const messages: Messages = {};
  for (const [namespace, catalogue] of Object.entries(catalogues)) {
    for (const [key, message] of Object.entries(icuMessages(catalogue))) {
      const compiled = compileMessage(message);
      if (withoutOwnKeys && compiled.length === 1 && compiled[0] === key) continue;
      messages[messageId(namespace, key)] = compiled;
    }
  }
  return messages;
}
