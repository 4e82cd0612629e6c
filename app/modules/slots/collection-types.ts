// Client-safe value lists of the marketplace (no imports): the schema, the server and the browser
// share them (decision 0011).

/** How a sample is collected: at the lab (walk-in) or at the patient's address. */
export const collectionTypes = ["walk_in", "home"] as const;
export type CollectionType = (typeof collectionTypes)[number];
export const defaultCollectionType = "walk_in" satisfies CollectionType;

export const weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof weekdays)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  sun: "Sunday",
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
};

/** A lab's opening hours: per weekday, "HH:MM" local (Asia/Dubai) open and close, or closed (null). */
export type OpeningHours = Record<Weekday, { open: string; close: string } | null>;

/** What an order line is: a test, or the home-collection fee of one lab visit. */
export const orderLineKinds = ["test", "home_collection_fee"] as const;
export type OrderLineKind = (typeof orderLineKinds)[number];

/** A card payment holds its slots this long before the hold is released (a setting may shorten it). */
export const DEFAULT_SLOT_HOLD_MINUTES = 15;

/** Slots starting sooner than this are not offered (the site's terms: changes up to 2 hours before). */
export const MIN_SLOT_LEAD_MINUTES = 120;

export const SLOT_TAKEN_MESSAGE = "This time slot has just been taken, please choose another";
