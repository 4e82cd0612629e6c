import { Trans } from "@lingui/react";
import { createElement, type ReactNode } from "react";
import type { MessageKey, Namespace } from "~/i18n/i18n";
import { MESSAGE_TAGS, messageId } from "~/i18n/messages";

/** The catalogue's tags as elements, numbered as the compiled messages number them (MESSAGE_TAGS). */
const TAG_ELEMENTS = Object.fromEntries(MESSAGE_TAGS.map((tag, index) => [index, createElement(tag)]));

/**
 * A text of a namespace, rendered as elements: for a text with markup (<strong>, <bdi>) or with a
 * value that is itself an element. t() gives a string and suits everything else.
 */
export function TransMessage<N extends Namespace>({ namespace, text, values }: { namespace: N; text: MessageKey<N>; values?: Record<string, ReactNode> }) {
  return <Trans id={messageId(namespace, text)} values={values} components={TAG_ELEMENTS} />;
}
