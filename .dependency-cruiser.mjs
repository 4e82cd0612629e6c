// The direction between the domain modules of app/modules/ (README, Layout; decision 0030),
// checked by `npm run lint` (and so by `npm test`) with dependency-cruiser.
//
// MODULE_LAYERS lists the modules from the top down. A module may import any module of a layer
// BELOW its own; never one of its own layer (those are independent) nor one above. The README's
// table is this list (tests/unit/module-layers.test.ts compares them). To add a module or an
// import that the layers do not allow, change this list and that table together: a move that
// would make two folders import each other is refused by `no-module-folder-cycles` anyway.
// Tests are left out: they may drive any module (as ESLint's import rules leave them out).
export const MODULE_LAYERS = [
  ["results"],
  ["partner"],
  ["checkout", "content", "blog", "import-export", "analytics"],
  ["payments"],
  ["orders"],
  ["booking", "cart"],
  ["notifications"],
  ["invoices"],
  ["seo"],
  ["labs"],
  ["catalog", "webhooks"],
  ["admin"],
  ["accounts"],
  ["lifecycle", "mail", "slots"],
  ["jobs"],
];

const known = MODULE_LAYERS.flat();
const modulePath = (names) => `^app/modules/(${names.join("|")})/`;

/** A module may not import its own layer or any layer above it. */
const layerRules = MODULE_LAYERS.flatMap((layer, index) => {
  const notBelow = MODULE_LAYERS.slice(0, index + 1).flat();
  return layer.map((name) => ({
    name: `module-layers: ${name}`,
    severity: "error",
    comment: `${name} may import only the modules below its layer (${MODULE_LAYERS.slice(index + 1).flat().join(", ") || "none"}): README, Layout.`,
    from: { path: `^app/modules/${name}/` },
    to: { path: modulePath(notBelow.filter((other) => other !== name)) },
  }));
});

export default {
  forbidden: [
    {
      name: "no-module-folder-cycles",
      severity: "error",
      comment:
        "Two folders of app/modules import each other (directly or around a longer loop), even where no file imports itself back: one of the imports must go the other way or move (README, Layout; decision 0030).",
      scope: "folder",
      from: { path: "^app/modules/[^/]+" },
      to: { path: "^app/modules/", circular: true },
    },
    ...layerRules,
    {
      name: "module-layers: unlisted module",
      severity: "error",
      comment: "A folder of app/modules that MODULE_LAYERS (.dependency-cruiser.mjs) and the README's table do not list: add it to both.",
      from: { path: "^app/modules/", pathNot: modulePath(known) },
      to: {},
    },
    {
      name: "module-layers: import of an unlisted module",
      severity: "error",
      comment: "A folder of app/modules that MODULE_LAYERS (.dependency-cruiser.mjs) and the README's table do not list: add it to both.",
      from: {},
      to: { path: "^app/modules/", pathNot: modulePath(known) },
    },
    {
      name: "jobs-import-no-domain",
      severity: "error",
      comment:
        "The job runner imports no domain module: each domain registers its job kinds in its own *-jobs.server.ts, listed in app/job-handlers.server.ts.",
      from: { path: "^app/modules/jobs/" },
      to: { path: "^app/modules/", pathNot: "^app/modules/jobs/" },
    },
  ],
  options: {
    // The modules' graph alone: db/schema's imports of the value lists (decision 0008) and the
    // shared components and utils below every module are ESLint's to check (eslint.config.js).
    includeOnly: "^app/modules/",
    // Tests drive any module.
    exclude: { path: "\\.test\\.tsx?$" },
    // `import type` is a dependency too: a type from another module ties the two as much as a value.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    // Folder-scope rules need the folder graph.
    metrics: true,
    reporterOptions: { text: { highlightFocused: false } },
  },
};
