/**
 * The server bundle's entry (built by Vite): the React Router request handler as an Express app,
 * plus the React Router server build itself, re-exported so prerendering can import this bundle.
 */
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { getSiteConfig } from "~/config/site.server";
import { engineOf } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { RateLimitStore } from "~/server/rate-limit.server";
import { getServices, startServices as startAppServices, stopServices } from "~/server/services.server";

export * from "virtual:react-router/server-build";

export const app = express();
app.disable("x-powered-by");
app.use(createRequestHandler({ build, getLoadContext: () => new RouterContextProvider() }));

/** Validates configuration, opens the database and starts the outbox; called by server.js before listening. */
export async function startServices(): Promise<{ notices: string[] }> {
  getSiteConfig();
  return startAppServices();
}

export { stopServices };
export { getEnv } from "~/server/env.server";

/**
 * The form limiter's store (server.js wires it into express-rate-limit). PostgreSQL: counters in the
 * database, shared by every instance. SQLite runs one process (DECISIONS 19): undefined, so the limiter
 * counts in memory and a post costs one disk sync, not two.
 */
export function createRateLimitStore(prefix: string): RateLimitStore | undefined {
  if (engineOf(getEnv().DATABASE_URL) !== "postgres") return undefined;
  return new RateLimitStore(async () => {
    const services = await getServices();
    return services.outboxDb ?? services.db;
  }, prefix);
}
