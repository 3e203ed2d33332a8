/**
 * The server bundle's entry (built by Vite): the React Router request handler as an Express app,
 * plus the React Router server build itself, re-exported so prerendering can import this bundle.
 */
import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { writeReadableStreamToWritable } from "@react-router/node";
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { createRequestHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import "~/composition/wiring.server";
import { getSiteConfig } from "~/config/site.server";
import { answerApiPost } from "~/features/messages/submit.server";
import { answerVitalsPost, flushVitals, VITALS_BODY_LIMIT_BYTES, VITALS_PATH } from "~/features/vitals/api.server";
import { patternsOf } from "~/features/vitals/route-pattern";
import { COUNTED_HEADER, type PlainAnswer, type PlainPost, RATE_LIMITED_HEADER } from "~/forms/post.server";
import { PAYROLL_UPLOAD_LIMIT_BYTES, PDF_UPLOAD_LIMIT_BYTES } from "~/features/certificates/model";
import { getEnv } from "~/platform/env.server";
import { receiveUpload, uploadContext, uploadFolder } from "~/platform/uploads.server";
import { RESUME_FIELD } from "~/features/vacancies/doors.server";
import { RESUME_MAX_BYTES } from "~/features/vacancies/resume.server";
import { RateLimitStore } from "~/platform/rate-limit.server";
import { getServices, startServices as startAppServices, stopServices as stopAppServices } from "~/platform/services.server";

export * from "virtual:react-router/server-build";

const handleRequest = createRequestHandler(build, process.env.NODE_ENV);

/**
 * Like @react-router/express's handler, except that a request's body comes from `req.rawBody`, which
 * server.js has already read and size-checked (an oversized body is refused before it gets here).
 */
function toFetchRequest(req: ExpressRequest & { rawBody?: Buffer }, res: ExpressResponse): Request {
  const url = routerUrl(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url.href, { method: req.method, headers, signal: controller.signal, body: hasBody && req.rawBody ? new Uint8Array(req.rawBody) : null });
}

/**
 * A request target as the router reads it, always on this origin: `//evil.example/x` or `/\\evil.example/x`
 * is the path `/evil.example/x` here, never a URL of another host (the URL parser would read a target
 * that starts with two slashes, or a slash and a backslash, as `//host/…`).
 */
export function routerUrl(target: string, origin: string): URL {
  return new URL(`/${target.replace(/^[\\/]+/, "")}`, origin);
}

/**
 * The path of a request target as React Router matches it: the URL parser's normalisation (dot
 * segments, also encoded; backslashes as slashes), the single-fetch suffix (`/contacto.data`, `/_.data`)
 * removed, every segment percent-decoded, and, since the router and Express match paths regardless of
 * case and of repeated or trailing slashes, in lower case with those collapsed. Deliberately broader
 * than the router: whatever it could route to a form's action maps to that form's path here.
 */
export function routerPath(target: string): string | null {
  let pathname: string;
  try {
    pathname = routerUrl(target, "http://sitio.invalid").pathname;
  } catch {
    return null;
  }
  if (pathname.endsWith("/_.data")) pathname = pathname.slice(0, -"_.data".length);
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  const decoded = pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
  return decoded
    .toLowerCase()
    .replace(/[\\/]+/g, "/")
    .replace(/(.)\/$/, "$1");
}

/** How a form is submitted at a path: its JSON API, the page's own post, or CONSULTAR. */
export type SubmissionDoor = "api" | "page" | "consult";

export interface Submission {
  /** The canonical path (`/php/contacto`). */
  path: string;
  door: SubmissionDoor;
  /**
   * Which per-address post limit counts it: the forms' (shared, in the database), the ethics line's (this
   * process's memory, ADR 013), the field-speed beacons' (memory, ADR 023), or none (CONSULTAR's own limits).
   */
  limit: "forms" | "ethics" | "vitals" | "none";
  /** Another body limit than FORM_BODY_LIMIT_BYTES (the field-speed beacons: 2 KB; an upload's own). */
  bodyLimit?: number;
  /**
   * The page takes a file, in a multipart form (besides URL-encoded ones): read whole, within `bodyLimit`
   * (the payroll extract, a certificate to compare: ADR 027), or streamed to a temporary file (an
   * application's résumé: ADR 028, addendum).
   */
  multipart?: "read-whole" | "streamed";
  /** What a body over the limit is told, when it is a file rather than a message. */
  tooLarge?: string;
  /** The message form answered from Express (messageApi), if any. */
  messageForm?: "contacto" | "cliente";
}

/** Every path where a form is submitted (docs/product.md §8): the one list the server's limits and method checks read. */
const SUBMISSIONS: Record<string, Omit<Submission, "path">> = {
  "/php/contacto": { door: "api", limit: "forms", messageForm: "contacto" },
  "/php/cliente": { door: "api", limit: "forms", messageForm: "cliente" },
  "/php/incidente": { door: "api", limit: "forms" },
  "/php/linea-etica": { door: "api", limit: "ethics" },
  "/contacto": { door: "page", limit: "forms" },
  "/cliente": { door: "page", limit: "forms" },
  "/incidente": { door: "page", limit: "forms" },
  "/linea-etica": { door: "page", limit: "ethics" },
  "/incidente/consulta": { door: "consult", limit: "none" },
  "/linea-etica/consulta": { door: "consult", limit: "ethics" },
  "/php/pqrs": { door: "api", limit: "forms" },
  "/pqrs": { door: "page", limit: "forms" },
  // CONSULTAR on /pqrs/consulta also takes the completion of a request: under the form limit.
  "/pqrs/consulta": { door: "consult", limit: "forms" },
  // CONSULTAR of an application, and its withdrawal (ADR 028).
  "/empleos/consulta": { door: "consult", limit: "forms" },
  // Field speed (ADR 023): a page view's beacon, answered by vitalsApi.
  [VITALS_PATH]: { door: "api", limit: "vitals", bodyLimit: VITALS_BODY_LIMIT_BYTES },
  // Employment certificates (ADR 027): the payroll extract (staff only) and a certificate's PDF to compare;
  // each counted by its own limits in the database (app/features/certificates).
  "/admin/nomina": {
    door: "page",
    limit: "none",
    bodyLimit: PAYROLL_UPLOAD_LIMIT_BYTES,
    multipart: "read-whole",
    tooLarge: "El archivo de nómina supera el máximo de 64 MB. Divídalo en partes y envíelas una a una.",
  },
  "/verificar": {
    door: "page",
    limit: "none",
    bodyLimit: PDF_UPLOAD_LIMIT_BYTES,
    multipart: "read-whole",
    tooLarge: "El archivo supera el máximo de 5 MB: no es uno de nuestros certificados.",
  },
  "/api/verificar": {
    door: "api",
    limit: "none",
    bodyLimit: PDF_UPLOAD_LIMIT_BYTES,
    tooLarge: "El archivo supera el máximo de 5 MB: no es uno de nuestros certificados.",
  },
};

/** The methods a door answers; anything else is refused with 405 before the router sees it. */
export const DOOR_METHODS: Record<SubmissionDoor, readonly string[]> = {
  api: ["POST"],
  page: ["GET", "HEAD", "POST"],
  consult: ["GET", "HEAD", "POST"],
};

/**
 * The one place that decides whether a request goes to a form (server/index.js counts it against the
 * limit and refuses other methods; the form's handlers refuse what was not counted): the path as the
 * router sees it, whatever its case, percent-encoding, slashes or `.data` suffix.
 */
export function submissionAt(target: string): Submission | undefined {
  const path = routerPath(target);
  const found = path === null ? undefined : (SUBMISSIONS[path] ?? (VACANCY_PAGE.test(path) ? VACANCY_APPLICATION : undefined));
  return found && path ? { path, ...found } : undefined;
}

/**
 * A vacancy's page (`/empleos/<slug>`, and `/empleos/<slug>/postulacion` for its script) takes its applications (ADR 028): multipart with a PDF résumé of
 * at most 2 MB, so a body up to 4 MB is read (a 3 MB résumé gets the page again with its error, the
 * values kept); above that, the server's 413.
 */
const VACANCY_PAGE = /^\/empleos\/(?!consulta$|recibido$)[^/]+(\/postulacion)?$/;
export const APPLICATION_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
const VACANCY_APPLICATION: Omit<Submission, "path"> = { door: "page", limit: "forms", multipart: "streamed", bodyLimit: APPLICATION_BODY_LIMIT_BYTES };

export const app = express();
app.disable("x-powered-by");
app.use(async (req, res, next) => {
  let upload: Awaited<ReturnType<typeof receiveUpload>> | undefined;
  try {
    const context = new RouterContextProvider();
    let request: Request;
    const uploadBody = (req as ExpressRequest & { uploadBody?: Readable }).uploadBody;
    if (uploadBody) {
      // An application with its résumé, streamed (ADR 028): the page's action gets the fields as a plain
      // form and the file, already on disk, through the context.
      try {
        upload = await receiveUpload(uploadBody, req.headers, {
          folder: uploadFolder(getEnv().DATABASE_URL),
          fileField: RESUME_FIELD,
          maxFileBytes: RESUME_MAX_BYTES,
        });
      } catch (error) {
        // The client went away, or the server already answered 413 past the body limit: nobody to answer.
        if (res.headersSent || req.destroyed || !res.writable) return;
        throw error;
      }
      context.set(uploadContext, upload);
      const headers = { ...req.headers, "content-type": "application/x-www-form-urlencoded" };
      delete headers["content-length"];
      delete headers["transfer-encoding"];
      const fields = new URLSearchParams(upload.fields).toString();
      request = toFetchRequest(Object.assign(Object.create(req) as ExpressRequest, { headers, rawBody: Buffer.from(fields) }), res);
    } else request = toFetchRequest(req, res);
    const response = await handleRequest(request, context);
    res.statusMessage = response.statusText;
    res.status(response.status);
    // The page's answer decides (a Retry-After set earlier by the limiter is replaced, not doubled);
    // cookies are the one header that may repeat.
    for (const [key, value] of response.headers.entries()) if (key !== "set-cookie") res.setHeader(key, value);
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  } catch (error) {
    next(error);
  } finally {
    await upload?.done();
  }
});

/**
 * The message forms' JSON API (`/php/contacto`, `/php/cliente`), answered straight from Express by
 * answerApiPost (app/features/messages/submit.server.ts): no Fetch Request and Response, no routing
 * through React Router, for the site's busiest endpoint (ADR 010). server/index.js mounts it, for every
 * method, after the body was read and size-checked and the rate limit counted. In development Vite's
 * server answers the same paths with the same function (vite/dev-message-api.ts).
 */
export function messageApi(req: ExpressRequest & { rawBody?: Buffer }, res: ExpressResponse, next: (error?: unknown) => void): void {
  // server/index.js has already read the path (res.locals.submission): the same answer, not computed twice.
  const submission: Submission | undefined = "submission" in res.locals ? res.locals.submission : submissionAt(req.originalUrl);
  const form = submission?.messageForm;
  if (!form) return next();
  answerApiPost(postOf(req, req.rawBody), form).then((answer) => send(res, answer), next);
}

/** A post's plain parts, from Node's request (Express's or not) and its body as read. */
function postOf(req: IncomingMessage, body: Buffer | undefined): PlainPost {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
  };
  return {
    method: req.method ?? "",
    contentType: header("content-type"),
    origin: header("origin"),
    secFetchSite: header("sec-fetch-site"),
    host: header("host") ?? "",
    body: body?.toString("utf8") ?? "",
    marks: { limited: header(RATE_LIMITED_HEADER), counted: header(COUNTED_HEADER) },
  };
}

function send(res: ExpressResponse, answer: { status: number; headers: Record<string, string>; body?: string | null }) {
  res.status(answer.status);
  for (const [key, value] of Object.entries(answer.headers)) res.setHeader(key, value);
  res.end(answer.body ?? undefined);
}

/** Every route pattern of the site, from the router's own table: the only routes a beacon may name. */
const routePatterns = patternsOf(build.routes);

/**
 * POST /api/vitals (ADR 023), answered straight from Express like messageApi: checked, buffered, 204.
 * server/index.js mounts it after reading at most 2 KB of body and counting the beacon against its limit.
 */
export function vitalsApi(req: ExpressRequest & { rawBody?: Buffer }, res: ExpressResponse, next: (error?: unknown) => void): void {
  if (submissionAt(req.originalUrl)?.path !== VITALS_PATH) return next();
  send(res, answerBeacon(req, req.rawBody));
}

/** A beacon's answer, for vitalsApi and for server/index.js, which answers the common case before Express. */
export const answerBeacon = (req: IncomingMessage, body: Buffer | undefined): PlainAnswer => answerVitalsPost(postOf(req, body), routePatterns);

/** Writes the buffered beacons, then closes the services (database last). */
export async function stopServices(): Promise<void> {
  await flushVitals().catch(() => undefined);
  await stopAppServices();
}

/** Parses the environment and the site configuration; throws an error that names the wrong field. */
export function validateConfiguration(): void {
  getEnv();
  getSiteConfig();
}

/** Validates configuration, opens the database and starts the outbox; called by server.js before listening. */
export async function startServices(): Promise<{ notices: string[] }> {
  getSiteConfig();
  return startAppServices();
}

export { getEnv } from "~/platform/env.server";
export { addVitalsRows, flushVitals, sendVitalsTo, VITALS_BODY_LIMIT_BYTES, VITALS_PATH } from "~/features/vitals/api.server";
export { logger } from "~/platform/log.server";
export { REFUSALS } from "~/forms/errors";
export { COUNTED_HEADER, RATE_LIMITED_HEADER, requireCountedSubmissions } from "~/forms/post.server";

/**
 * The form limiter's store (server/index.js wires it into express-rate-limit): counters in the
 * database's `rate_limits` table on both engines (ADR 016), shared by every instance on PostgreSQL. On
 * SQLite a count is written without waiting for the disk (app/platform/rate-limit.server.ts), so a post
 * still costs one disk sync.
 */
export function createRateLimitStore(prefix: string): RateLimitStore {
  return new RateLimitStore(async () => {
    const services = await getServices();
    return services.outboxDb ?? services.db;
  }, prefix);
}

/** The pages' inline style sheets and script, so server.js can allow their hashes on pages rendered on request. */
export { inlineScripts, inlineStyleSheets } from "~/ui/inline";
// The day "Cambios vigentes" are chosen for (ADR 022): the server serves a prerendered page whose steps changed since the build as rendered on request.
export { inForceToday } from "~/features/documents/in-force.server";
