// After React Router has built and prerendered: generate the service worker (Workbox) so that every
// published page and its assets are precached, hash the pages' inline scripts and styles for the CSP,
// and record the build's inputs stamp for `npm start`.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import path from "node:path";
import { generateSW } from "workbox-build";
import { sourcesStamp } from "./sources-stamp.js";

const clientDir = path.resolve("build/client");

/** Every prerendered page under build/client: [file, clean URL path]. */
const pages = (dir = clientDir, urlPath = "") =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() && entry.name !== "assets"
      ? pages(path.join(dir, entry.name), `${urlPath}/${entry.name}`)
      : entry.name === "index.html"
        ? [[path.join(dir, entry.name), urlPath || "/"]]
        : [],
  );

const { count, size, warnings } = await generateSW({
  globDirectory: clientDir,
  // Published pages with their styles, images and small scripts: every page reads offline. Content
  // pages carry their styles inline; app.css is for the form pages. The form islands' chunks are
  // cached when first used, not downloaded up front. site.js registers the worker only after the
  // first page has painted and the browser is idle (ADR 011, ADR 014).
  globPatterns: ["**/index.html", "assets/**/*.{css,svg}", "js/*.js"],
  // Not for offline reading: the staff area's styles, Home's hover-only backgrounds (cached when first
  // shown, below), and the manifest and its icon (read by the browser when it installs the site, online;
  // pages carry their icon inline), which keeps the first visit's download small. The certificate pages
  // (ADR 027) and the vacancies (ADR 028) are rendered on request and answer only online, so their styles
  // and their scripts (the application's upload, the certificate flow's) are not precached either.
  globIgnores: [
    "assets/admin-*.css",
    "assets/certificates-*.css",
    "assets/vacancies-*.css",
    "js/postulacion.js",
    "js/certificados.js",
    "assets/home-alt-*.svg",
    "assets/favicon-*.svg",
  ],
  swDest: path.join(clientDir, "sw.js"),
  mode: "production",
  sourcemap: false,
  inlineWorkboxRuntime: true,
  cleanupOutdatedCaches: true,
  clientsClaim: true,
  skipWaiting: true,
  // Pages are served at clean paths (/nosotros/misionVision), so precache them under those paths.
  manifestTransforms: [
    async (entries) => ({
      manifest: entries.map((entry) => (entry.url.endsWith("index.html") ? { ...entry, url: `/${entry.url.replace(/\/?index\.html$/, "")}` } : entry)),
      warnings: [],
    }),
  ],
  ignoreURLParametersMatching: [/.*/],
  // Fingerprinted files never change, so Workbox needs no revision for them.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  navigateFallback: null,
  runtimeCaching: [
    {
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/") && url.pathname.endsWith(".svg"),
      handler: "CacheFirst",
      options: { cacheName: "images", expiration: { maxEntries: 30 } },
    },
    {
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
      handler: "CacheFirst",
      options: { cacheName: "scripts", expiration: { maxEntries: 60 } },
    },
  ],
});
for (const warning of warnings) console.warn(warning);
console.log(`service worker: ${count} archivos precargados (${(size / 1024).toFixed(0)} KiB)`);

// Hashes of the inline scripts of each prerendered page (the site script), so the
// Content-Security-Policy can allow exactly those and no other inline script. Data blocks
// (JSON-LD) are never executed and need no hash.
const scriptHashes = {};
for (const [file, urlPath] of pages()) {
  const html = readFileSync(file, "utf8");
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash("sha256").update(m[1]).digest("base64")}'`,
  );
  if (hashes.length > 0) scriptHashes[urlPath] = [...new Set(hashes)];
}
writeFileSync(path.resolve("build/csp-script-hashes.json"), JSON.stringify(scriptHashes, null, 2));

// The same for the inline style sheets of content pages (ADR 011): style-src gets exactly the hashes
// of the <style> elements in that page, never 'unsafe-inline'.
const styleHashes = {};
for (const [file, urlPath] of pages()) {
  const html = readFileSync(file, "utf8");
  const hashes = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => `'sha256-${createHash("sha256").update(m[1]).digest("base64")}'`);
  if (hashes.length > 0) styleHashes[urlPath] = [...new Set(hashes)];
}
writeFileSync(path.resolve("build/csp-style-hashes.json"), JSON.stringify(styleHashes, null, 2));

// Precompressed copies (brotli and gzip, best levels) so the server never compresses a static file per request.
let compressed = 0;
const compressAll = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) compressAll(file);
    else if (/\.(html|css|js|svg|json|xml|txt|webmanifest)$/.test(entry.name) && statSync(file).size > 1024) {
      const raw = readFileSync(file);
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      compressed += 1;
    }
  }
};
compressAll(clientDir);
console.log(`precomprimidos: ${compressed} archivos (br y gz)`);

writeFileSync(path.resolve("build/build-info.json"), JSON.stringify({ stamp: sourcesStamp(), builtAt: new Date().toISOString() }, null, 2));
