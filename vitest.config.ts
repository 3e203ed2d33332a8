import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// TEST_DATABASE=postgres runs the suites that touch the database again on a real PostgreSQL, plus the
// multi-instance and outage suites (tests/postgres/); the default run is everything on SQLite.
const postgres = process.env.TEST_DATABASE === "postgres";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: postgres ? ["tests/integration/**/*.test.ts", "tests/postgres/**/*.test.ts"] : ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    // Build output checks do not depend on the engine.
    exclude: postgres ? ["tests/integration/budgets.test.ts", "tests/integration/html.test.ts", "**/node_modules/**"] : ["**/node_modules/**"],
    globalSetup: ["tests/support/postgres-global-setup.ts"],
    environment: "node",
    // Suites start production servers; on a loaded two-core machine one start can take a minute
    // (startServer itself waits up to 150 s), so the bounds leave room for that.
    testTimeout: 180_000,
    // Two files at a time even on two cores: the suites mostly wait on the servers they start, and the SQLite
    // run took 828 s instead of 1,053 s this way on a two-core machine at a load average of 12 to 19 (vitest's
    // default there is one file at a time).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    hookTimeout: 180_000,
  },
});
