import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { devMessageApi } from "./vite/dev-message-api.ts";
import { inlineScript } from "./vite/inline-script.ts";
import { islands } from "./vite/islands.ts";
import { sourcesStamp } from "./scripts/sources-stamp.js";

// The build's id, which the field-speed beacon reports (ADR 023): the stamp of the build's inputs, written
// into the beacon's script (so a page the service worker kept reports the build it came from).
const siteBuild = sourcesStamp(import.meta.dirname).slice(0, 12);

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // The server build's entry is our Express app, which also re-exports the React Router build.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  build: { assetsInlineLimit: 0 },
  plugins: [
    inlineScript(),
    devMessageApi(),
    reactRouter(),
    islands({ root: import.meta.dirname, dir: path.resolve(import.meta.dirname, "app/features"), define: { __SITE_BUILD__: JSON.stringify(siteBuild) } }),
  ],
});
