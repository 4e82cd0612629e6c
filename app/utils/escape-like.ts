/** Escapes %, _ and \ so user text matches literally inside a LIKE / ILIKE pattern. */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
