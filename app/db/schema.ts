// The whole schema in one object for Drizzle's relational queries and better-auth's adapter.
export * from "./schema/accounts";
export * from "./schema/auth";
export * from "./schema/catalog";
export * from "./schema/commerce";
export * from "./schema/content";
export * from "./schema/seo";
export * from "./schema/system";
export * from "./schema/webhooks";
