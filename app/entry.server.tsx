/**
 * Server rendering: the whole document at once (every page here is complete HTML, prerendered or
 * answered to a form post; nothing streams), so no bot detection is needed to choose when to send.
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, ServerRouter } from "react-router";
import { log } from "~/platform/log.server";
import "~/composition/wiring.server";

export const streamTimeout = 5_000;

/**
 * Faults only: a 4xx the router answers (a post to a page without a form, 405; an unknown path, 404) is
 * an answer, not an error, and a scanner's thousands of them must not bury a real one in stack traces.
 * Logged without the query, which may carry what a visitor typed.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  log("error", "render-error", { path: new URL(request.url).pathname, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
};

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  return new Promise<Response>((resolve, reject) => {
    let ready = false;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        ready = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeout);
            callback();
          },
        });
        headers.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
      },
      onShellError: reject,
      onError(error) {
        status = 500;
        if (ready) log("error", "render-failed", { error: String(error) });
      },
    });
  });
}
