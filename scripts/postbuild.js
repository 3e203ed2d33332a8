// After React Router has built and prerendered: generate the service worker (Workbox) so that every
// published page and its assets are precached, and record the build's inputs stamp for `npm start`.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { generateSW } from "workbox-build";
import { sourcesStamp } from "./sources-stamp.js";

const clientDir = path.resolve("build/client");

const { count, size, warnings } = await generateSW({
  globDirectory: clientDir,
  globPatterns: ["**/index.html", "assets/**/*.{js,css,woff2,svg}", "js/*.js", "favicon.svg", "manifest.webmanifest"],
  // Form pages are precached too (readable offline); their posts simply fail with the failure dialog.
  swDest: path.join(clientDir, "sw.js"),
  mode: "production",
  sourcemap: false,
  inlineWorkboxRuntime: true,
  cleanupOutdatedCaches: true,
  clientsClaim: true,
  skipWaiting: true,
  directoryIndex: "index.html",
  cleanURLs: true,
  ignoreURLParametersMatching: [/.*/],
  // Fingerprinted files never change, so Workbox needs no revision for them.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  navigateFallback: null,
  runtimeCaching: [],
});
for (const warning of warnings) console.warn(warning);
console.log(`service worker: ${count} archivos precargados (${(size / 1024).toFixed(0)} KiB)`);

writeFileSync(path.resolve("build/build-info.json"), JSON.stringify({ stamp: sourcesStamp(), builtAt: new Date().toISOString() }, null, 2));
