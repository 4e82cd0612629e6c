/** "Vitamin D (25-OH)" -> "vitamin-d-25-oh". */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "test";
}

/** Whether a URL segment can name a page by slug (or by id): anything else is not found, unasked. */
export function isSlug(value: string): boolean {
  return /^[a-z0-9-]{1,200}$/i.test(value);
}
