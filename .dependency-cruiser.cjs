/**
 * The import rule of docs/architecture.md, checked by `npm test` (dependency-cruiser, parsing with swc
 * because TypeScript 7 has no JavaScript API). A feature (app/features/<name>) may import the form
 * toolkit, the platform, the shared interface and the configuration; only the case channels
 * (incidents, ethics, requests) import the case model; no feature imports another otherwise; the platform, the
 * form toolkit, the interface and the configuration import no feature; app/composition/ composes
 * several features and only the routes, the server entries and other compositions import it; nothing
 * goes in circles.
 */
const FEATURE = "^app/features/([^/]+)/";
module.exports = {
  forbidden: [
    {
      name: "feature-imports-another-feature",
      comment: "A feature imports only forms, platform, ui and config (and the case channels, cases). See docs/architecture.md.",
      severity: "error",
      from: { path: FEATURE, pathNot: "^app/features/(incidents|ethics|requests|vacancies)/" },
      to: { path: "^app/features/([^/]+)/", pathNot: "^app/features/$1/" },
    },
    {
      name: "case-channel-imports-other-than-cases",
      comment: "The case channels import the case model, and no other feature.",
      severity: "error",
      from: { path: "^app/features/(incidents|ethics|requests|vacancies)/" },
      to: { path: "^app/features/([^/]+)/", pathNot: ["^app/features/$1/", "^app/features/cases/"] },
    },
    {
      name: "shared-layer-imports-a-feature",
      comment:
        "platform, forms, ui and config serve the features; they import none (hand what they need in as arguments, see app/composition/wiring.server.ts).",
      severity: "error",
      from: { path: "^app/(platform|forms|ui|config|client)/" },
      to: { path: "^app/(features|routes|composition)/" },
    },
    {
      name: "feature-imports-a-composition",
      comment: "app/composition/ composes several features; a feature importing it would import the others through it.",
      severity: "error",
      from: { path: "^app/features/" },
      to: { path: "^app/composition/" },
    },
    {
      name: "feature-imports-a-route",
      severity: "error",
      from: { path: "^app/features/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "no-circular",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    parser: "swc",
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|\\.react-router)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".d.ts"] },
  },
};
