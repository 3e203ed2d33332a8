import type { Config } from "@react-router/dev/config";
import { publishedPaths } from "./app/config/pages";

export default {
  ssr: true,
  // Every published page is prerendered to static HTML; forms' endpoints, /healthz and the 404 stay dynamic.
  prerender: () => [...publishedPaths, "/manifest.webmanifest", "/sitemap.xml", "/robots.txt"],
} satisfies Config;
