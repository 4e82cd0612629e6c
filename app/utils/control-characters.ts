/**
 * Control characters no one types: NUL (which PostgreSQL text cannot store) and the other C0
 * controls and DEL. Tab and line breaks stay, for multi-line text.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Text a visitor sent (form field, search query) without its control characters. */
export function stripControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, "");
}
