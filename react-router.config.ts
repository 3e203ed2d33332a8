import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./app/config/pages";

export default {
  ssr: true,
  // Every published page is prerendered to static HTML, except those rendered on request (PQRS: today's
  // due dates); forms' endpoints, /healthz and the 404 stay dynamic.
  // sitemap.xml is rendered on request: it lists the vacancies open today (ADR 028).
  prerender: () => [...prerenderedPaths, "/manifest.webmanifest", "/robots.txt"],
} satisfies Config;
