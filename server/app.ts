/**
 * The server bundle's entry (built by Vite): the React Router request handler as an Express app,
 * plus the React Router server build itself, re-exported so prerendering can import this bundle.
 */
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { getSiteConfig } from "~/config/site.server";
import { startServices as startAppServices, stopServices } from "~/server/services.server";

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
/** The pages' inline style sheets and script, so server.js can allow their hashes on pages rendered on request. */
export { inlineScripts, inlineStyleSheets } from "~/lib/inline";
