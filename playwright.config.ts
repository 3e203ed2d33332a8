import { defineConfig } from "@playwright/test";
import { findChromium } from "./scripts/chromium.js";

// E2E_PORT lets several checkouts run their browser tests side by side.
const port = process.env.E2E_PORT ?? "3100";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A loaded two-core machine (CI beside other work) can take seconds to fetch and hydrate an island:
  // the bounds wait for the event with room for that, and still fail when it never comes.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`,
    locale: "es-CO",
    launchOptions: {
      executablePath: findChromium(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
