// `npm run dev`: the same server as production, with Vite's hot reload.
process.env.NODE_ENV ??= "development";
await import("../server/index.js");
