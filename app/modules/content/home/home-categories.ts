import { CATEGORY_BLURBS, HOME_CATEGORY_NAMES } from "~/modules/content/home/home-content";

export type HomeCategory = { name: string; blurb: string; id: string | null };

/** The eight home cards, each linked to the stored category of the same name (any case), if any. */
export function matchHomeCategories(stored: { id: string; name: string }[]): HomeCategory[] {
  const byName = new Map(stored.map((category) => [category.name.trim().toLowerCase(), category.id]));
  return HOME_CATEGORY_NAMES.map((name) => ({ name, blurb: CATEGORY_BLURBS[name], id: byName.get(name.toLowerCase()) ?? null }));
}
