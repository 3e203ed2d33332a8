// Production server: static files (fingerprinted assets immutable, HTML revalidated), compression,
// headers, then the React Router app. Started by scripts/start.js (`npm start`).
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";
import { ipKeyGenerator, MemoryStore, rateLimit } from "express-rate-limit";
import helmet from "helmet";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const clientDir = path.join(root, "build", "client");
const SUBRESOURCE_FILE = /\.(css|js|mjs|webmanifest|png|jpe?g|webp|avif|ico|woff2?)$/i;
const DOCUMENT_ONLY_HEADERS = [
  "Content-Security-Policy",
  "Origin-Agent-Cluster",
  "Permissions-Policy",
  "Referrer-Policy",
  "X-DNS-Prefetch-Control",
  "X-Frame-Options",
];

export async function createServer() {
  const serverBuild = await import(path.join(root, "build", "server", "index.js"));
  const { notices } = await serverBuild.startServices();
  const prerendered = findPrerenderedPages(clientDir);
  // "Cambios vigentes" (product rule 37, ADR 022): a prerendered page whose steps change on a later date
  // says so (data-in-force-valid-until). From that day on (Colombian time) it is rendered on request, with
  // the steps of the day, instead of served as built; a rebuild makes it static again.
  const validUntil = findValidUntil(prerendered);
  const inForceToday = serverBuild.inForceToday;
  inForceToday(); // a bad IN_FORCE_TODAY stops the start
  const isStale = (urlPath) => {
    const until = validUntil.get(urlPath);
    return until !== undefined && inForceToday() >= until;
  };
  const scriptHashes = JSON.parse(readFileSync(path.join(root, "build", "csp-script-hashes.json"), "utf8"));
  // Inline style sheets (ADR 011): a prerendered page gets the hashes of its own <style> elements; a
  // page rendered on request (the 404) may carry any of them, so it gets the hashes of all of them.
  const styleHashes = JSON.parse(readFileSync(path.join(root, "build", "csp-style-hashes.json"), "utf8"));
  const sha256 = (text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const dynamicStyleHashes = Object.values(serverBuild.inlineStyleSheets).map(sha256);
  // Likewise the inline site script (ADR 011), the only inline script of a page rendered on request.
  const dynamicScriptHashes = serverBuild.inlineScripts.map(sha256);
  const hstsMaxAge = Number(process.env.HSTS_MAX_AGE ?? 31_536_000);

  const env = serverBuild.getEnv();
  const { REFUSALS, RATE_LIMITED_HEADER, COUNTED_HEADER, DOOR_METHODS } = serverBuild;
  // Every submission reaches a form only through the counting below: one that did not is refused.
  serverBuild.requireCountedSubmissions();

  const app = siteExpress(serverBuild);
  const addressKey = createAddressKey();
  const beacons = beaconDoor(serverBuild, env, addressKey);
  beacons.mount(app);

  // One access line per request: method, path without its query, status, duration, request id.
  // No address, no query, no header: nothing personal. (pino-http did the same with a child logger and the
  // request serialised for every request, logged or not: about a tenth of a form post's time.)
  const accessLog = (req, res, next) => {
    const started = performance.now();
    const reqId = randomUUID();
    res.setHeader("X-Request-Id", reqId);
    const request = { method: req.method, path: String(req.url).split("?")[0] };
    // "close" comes once the answer is complete, or when the connection went before it was.
    res.once("close", () => {
      const fields = { reqId, request, response: { status: res.statusCode }, durationMs: Math.round(performance.now() - started), event: "request" };
      // A connection closed before the answer was complete is an error, whatever the status said.
      if (!res.writableFinished) serverBuild.logger.error({ ...fields, error: "conexión cerrada antes de terminar la respuesta" }, "request");
      else if (res.statusCode >= 500) serverBuild.logger.error(fields, "request");
      else serverBuild.logger.info(fields, "request");
    });
    next();
  };
  app.use(accessLog);
  // Security headers on every response. Inline scripts: only the hashed ones of the page at this path
  // (the site script); inline styles: only the content pages' hashed style sheets; videos embed only
  // from the privacy-enhanced provider domain. A page rendered on request (the 404, a form answered to a
  // post) may carry any inline sheet and the site script.
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [(_req, recorder) => ["'self'", ...recorder.locals.scriptHashes].join(" ")],
        styleSrc: [(_req, recorder) => ["'self'", ...recorder.locals.styleHashes].join(" ")],
        imgSrc: ["'self'", "data:"],
        // font-, connect-, manifest- and worker-src fall back to default-src 'self' (the worker through script-src).
        frameSrc: ["https://www.youtube-nocookie.com"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // HSTS only where the request really came over HTTPS (directly or through TRUST_PROXY_HOPS proxies).
    strictTransportSecurity: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    // Set below, only where a page shows personal data (ADR 011).
    crossOriginOpenerPolicy: false,
    xFrameOptions: { action: "deny" },
    // Obsolete (Internet Explorer's downloads, Adobe Flash and Acrobat, the XSS auditors that browsers
    // removed): bytes on every response for nothing.
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // helmet's headers depend on nothing but the two lists of hashes, which depend on what is answered: a
  // file, a prerendered page, a page rendered on request with hashes of its own, or any other. They are
  // worked out once for each (a few dozen in all) on a recorder, then copied onto each response.
  const headerSets = new Map();
  const securityHeaders = (req, res, next) => {
    const file = req.path.startsWith("/assets/") || /\.[a-z0-9]+$/i.test(req.path);
    const isPrerendered = (req.method === "GET" || req.method === "HEAD") && prerendered.has(req.path) && !isStale(req.path);
    const kind = isPrerendered ? `prerendered ${req.path}` : file ? "file" : Object.hasOwn(scriptHashes, req.path) ? `rendered ${req.path}` : "rendered";
    let headers = headerSets.get(kind);
    if (!headers) {
      const pageScripts = scriptHashes[req.path] ?? [];
      const scripts = isPrerendered ? pageScripts : file ? [] : [...new Set([...pageScripts, ...dynamicScriptHashes])];
      const styles = isPrerendered ? (styleHashes[req.path] ?? []) : file ? [] : dynamicStyleHashes;
      const recorded = [];
      const recorder = {
        locals: { scriptHashes: scripts, styleHashes: styles },
        setHeader: (name, value) => recorded.push([name, value]),
        removeHeader: (name) => recorded.push([name, undefined]),
      };
      let complete = false;
      helmetHeaders(req, recorder, (error) => {
        if (error) throw error;
        complete = true;
      });
      if (!complete) throw new Error("helmet no terminó de inmediato: sus encabezados no se pueden guardar");
      headers = recorded;
      headerSets.set(kind, headers);
    }
    for (const [name, value] of headers) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    next();
  };
  app.use(securityHeaders);
  app.use((req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()");
    if (req.secure && hstsMaxAge > 0) res.setHeader("Strict-Transport-Security", `max-age=${hstsMaxAge}; includeSubDomains`);
    // COOP isolates a page in a browsing context group (and a renderer process) of its own, which a
    // navigation from another site must first create: measured at about 15–60 ms more main-thread work
    // before the first paint, counted 4x as blocking time by Lighthouse (ADR 011). Kept where a page shows
    // personal data: the staff area, the case pages, the confirmation pages, any answer to a post, the
    // certificate flow and a certificate's verification (ADR 027).
    if (
      (req.method !== "GET" && req.method !== "HEAD") ||
      /^\/(admin|incidente\/|linea-etica\/|pqrs\/|contacto\/|cliente\/|certificados|verificar\/)/.test(req.path)
    ) {
      res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    }
    next();
  });

  // Both parse a URL; the same few hosts and paths come again and again.
  const validHost = remembered(isValidHost);
  const submissionAt = remembered(serverBuild.submissionAt);
  // Only a path on this site (`/…`) is a request for it; and only the methods its pages and forms use.
  // A form's path (however its case, encoding, slashes or `.data` suffix put it: serverBuild.submissionAt,
  // the one place that decides) answers only its form's methods; anything else, TRACE included, is a 405
  // before the router sees it: JSON on the API, a Spanish page elsewhere.
  app.use((req, res, next) => {
    if (!req.originalUrl.startsWith("/")) return res.status(400).type("text/plain").send("Solicitud inválida.");
    // The page's URL is built from Host (and, behind trusted proxies, X-Forwarded-Proto): one that is not
    // a host name or address with an optional port (`[`, `a b`, `x@evil.example`, empty) is a bad request.
    if (!validHost(req.headers.host) || !["http", "https"].includes(req.protocol)) {
      res.setHeader("Cache-Control", "no-store");
      return res.status(400).type("text/plain").send("Solicitud inválida: el encabezado Host no es válido.");
    }
    const submission = submissionAt(req.originalUrl);
    res.locals.submission = submission;
    const allowed = submission ? DOOR_METHODS[submission.door] : SITE_METHODS;
    if (allowed.includes(req.method)) return next();
    res.setHeader("Allow", allowed.join(", "));
    res.setHeader("Cache-Control", "no-store");
    if (submission?.door === "api") return res.status(405).json({ error: { code: "metodo_no_permitido", message: REFUSALS.metodo_no_permitido.message } });
    res.status(405).type("html").send(METHOD_NOT_ALLOWED_PAGE);
  });
  // Compression for every answer but the API's: its JSON is a few hundred bytes, under compression's 1 KB
  // threshold, and wrapping the response for it cost about 3 % of a post.
  const compress = compression();
  app.use((req, res, next) => (res.locals.submission?.door === "api" ? next() : compress(req, res, next)));

  // Every request body is read here, before anything else sees it, and refused whole above the limit
  // (a submission's own, smaller limit where it has one: the field-speed beacons' 2 KB).
  app.use(readBody(env.FORM_BODY_LIMIT_BYTES, REFUSALS.contenido_muy_grande.message));

  // A post to a page (a form, CONSULTAR, the fraud check, the staff area) is an HTML form: URL-encoded, as
  // every form of the site sends it. JSON, text, XML or multipart there is refused with 415 before a page
  // tries to read it as a form; the API doors (`/php/…`) read JSON and answer for themselves. A post with
  // no body and no type (a bare sign-out) is an empty form.
  app.use((req, res, next) => {
    if (req.method !== "POST" || res.locals.submission?.door === "api") return next();
    // An upload page (a payroll extract, a certificate to compare, an application with its résumé) takes a multipart form.
    if (res.locals.submission?.multipart && req.is("multipart/form-data")) return next();
    if (!req.headers["content-type"] && (req.rawBody?.length ?? 0) === 0) {
      req.headers["content-type"] = "application/x-www-form-urlencoded";
      return next();
    }
    if (req.is("application/x-www-form-urlencoded")) return next();
    res.setHeader("Accept-Post", "application/x-www-form-urlencoded");
    res.setHeader("Cache-Control", "no-store");
    if (req.is("json")) return res.status(415).json({ error: { code: "tipo_no_soportado", message: UNSUPPORTED_FORM_MESSAGE } });
    res.status(415).type("html").send(UNSUPPORTED_FORM_PAGE);
  });

  // Per-address limit on every submission (docs/product.md §8); the proxy hop count decides the address.
  // The request is marked (RATE_LIMITED_HEADER), and every form's store path refuses a marked one; the
  // API is answered here, a page's own post (no JavaScript) goes on to the page, which answers it with
  // the values kept. The counters live in the database, shared by every instance on it (docs/product.md §24).
  const limitReached = (req, res, next) => {
    const retryAfter = Math.max(1, Math.ceil((req.rateLimit.resetTime - Date.now()) / 1000));
    req.headers[RATE_LIMITED_HEADER] = String(retryAfter);
    if (res.locals.submission?.door !== "api") return next();
    res.setHeader("Retry-After", String(retryAfter));
    res.setHeader("Cache-Control", "no-store");
    res.status(429).json({ error: { code: "limite_de_envios", message: REFUSALS.limite_de_envios.message } });
  };
  const formLimiter = rateLimit({
    windowMs: 60_000,
    limit: env.FORM_RATE_LIMIT,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    store: serverBuild.createRateLimitStore("formularios:"),
    keyGenerator: addressKey,
    handler: limitReached,
  });
  // The ethics line (docs/product.md §22) has the same limit, counted in this process's memory only: no address
  // is ever written down next to the moment of an anonymous report (with several instances, each counts
  // its own; CONSULTAR's lookups also have their per-radicado limit in the database).
  const ethicsLimiter = rateLimit({
    windowMs: 60_000,
    limit: env.FORM_RATE_LIMIT,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    keyGenerator: addressKey,
    handler: limitReached,
  });
  // The database cannot count the post (it is down): nothing could be stored either, so 503, never a
  // 2xx. A page's own post goes on to the page, whose store fails the same way and answers it with
  // the visitor's values kept.
  const formsUnavailable = (error, req, res, next) => {
    serverBuild.logger.error({ event: "form-limit-unavailable", error: String(error?.message ?? error) });
    if (res.locals.submission?.door !== "api") return next();
    res.setHeader("Retry-After", "30");
    res.setHeader("Cache-Control", "no-store");
    res.status(503).json({ error: { code: "error_interno", message: REFUSALS.error_interno.message } });
  };
  // Every submission is marked as counted (COUNTED_HEADER) and counted by its limit. CONSULTAR on
  // /incidente/consulta has its own limits, per address and per radicado (app/features/cases).
  app.use((req, res, next) => {
    const submission = res.locals.submission;
    if (!submission || req.method !== "POST") return next();
    req.headers[COUNTED_HEADER] = submission.door;
    const limiter =
      submission.limit === "forms" ? formLimiter : submission.limit === "ethics" ? ethicsLimiter : submission.limit === "vitals" ? beacons.limiter : undefined;
    if (!limiter) return next();
    limiter(req, res, (error) => (error ? formsUnavailable(error, req, res, next) : next()));
  });
  // The message forms' JSON API, answered here without the router (same code as its route).
  app.use(serverBuild.messageApi);
  app.use(serverBuild.vitalsApi);

  // One canonical form per page: /contacto/ → /contacto (and the static files never redirect back). The
  // target is always a path on this site: `//evil.example/` goes to `/evil.example`, never to another host.
  app.use((req, res, next) => {
    if ((req.method === "GET" || req.method === "HEAD") && req.path.length > 1 && req.path.endsWith("/")) {
      const query = req.url.slice(req.path.length);
      return res.redirect(301, sameSitePath(trimTrailingSlashes(req.path)) + query);
    }
    next();
  });

  // Static files: prerendered pages at clean paths (revalidated), fingerprinted assets (immutable for a
  // year), the rest revalidated; each sent precompressed when the browser accepts brotli or gzip.
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (isStale(req.path)) return next();
    const page = prerendered.get(req.path);
    let file = page;
    if (!file) {
      let decoded;
      try {
        decoded = decodeURIComponent(req.path);
      } catch {
        return next();
      }
      const candidate = path.join(clientDir, decoded);
      if (!candidate.startsWith(clientDir + path.sep) || !isFile(candidate)) {
        // A missing fingerprinted asset is a plain 404, not a page.
        if (req.path.startsWith("/assets/")) return res.status(404).setHeader("Cache-Control", "no-cache").type("text/plain").send("No encontrado");
        return next();
      }
      file = candidate;
    }
    // A style sheet, script, manifest or raster image is never a document: the headers that only a
    // document obeys are about 700 bytes of every such response, which the service worker's first
    // download pays once per file (ADR 014). HTML and SVG (which can be opened as a document) keep them,
    // and so does the service worker, whose own fetches obey the policy sent with its script.
    if (!page && SUBRESOURCE_FILE.test(file) && path.basename(file) !== "sw.js") for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
    // A file is revalidated by its ETag and is too small for range requests; its request id stays in the log.
    res.removeHeader("X-Request-Id");
    const immutable = !page && req.path.startsWith("/assets/");
    res.setHeader("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    res.type(path.extname(file) || "html");
    res.vary("Accept-Encoding");
    // Brotli whenever the browser accepts it: browsers list gzip first with the same weight, so
    // plain negotiation would always pick the larger gzip copy.
    const accepted = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings(["gzip", "identity"]);
    const encoded = accepted === "br" || accepted === "gzip" ? `${file}.${accepted === "br" ? "br" : "gz"}` : undefined;
    if (encoded && isFile(encoded)) {
      res.setHeader("Content-Encoding", accepted);
      return res.sendFile(encoded, { cacheControl: false, lastModified: false, acceptRanges: false });
    }
    res.sendFile(file, { cacheControl: false, lastModified: false, acceptRanges: false });
  });

  // The staff area is never cached nor indexed.
  app.use("/admin", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    next();
  });
  // The visitor's address as Express sees it (TRUST_PROXY_HOPS), for the sign-in throttle; never the client's own header.
  app.use((req, _res, next) => {
    req.headers["x-sitio-client-ip"] = req.ip ?? "desconocida";
    next();
  });
  app.use(serverBuild.app);

  return {
    app,
    handle: beacons.handlerBefore(app),
    notices,
    stopServices: serverBuild.stopServices,
    port: env.PORT,
    vitalsPort: env.VITALS_PORT,
    acceptBeaconRows: serverBuild.addVitalsRows,
  };
}

/**
 * The beacon receiver (ADR 023): POST /api/vitals alone, in a process of its own (server/beacon-receiver.js)
 * that a proxy sends that path to. The same checks, limit and answers as the site's own door; the views
 * it accepts go to the site's process, which stores them. Also GET /healthz, for the proxy.
 */
export async function createBeaconReceiver() {
  const serverBuild = await import(path.join(root, "build", "server", "index.js"));
  const env = serverBuild.getEnv();
  const app = siteExpress(serverBuild);
  const beacons = beaconDoor(serverBuild, env, createAddressKey());
  beacons.mount(app);
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.type("text/plain").send("ok");
  });
  // Another method on the beacons' path: 405 (vitalsApi); anything else is not this process's.
  app.use(serverBuild.vitalsApi);
  app.use((_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.status(404).json({ error: { code: "no_encontrado", message: "Esta dirección solo recibe las mediciones de velocidad (POST /api/vitals)." } });
  });
  return {
    port: env.VITALS_PORT,
    handle: beacons.handlerBefore(app),
    sendVitalsTo: serverBuild.sendVitalsTo,
    flushVitals: serverBuild.flushVitals,
    logger: serverBuild.logger,
  };
}

/**
 * The Express app both servers (the site and the beacon receiver) start from: the proxy hops trusted
 * (TRUST_PROXY_HOPS), a warning when a proxy's header arrives that no hop is trusted for, and the headers
 * only this server sets dropped from what a client sends.
 */
function siteExpress(serverBuild) {
  const { RATE_LIMITED_HEADER, COUNTED_HEADER } = serverBuild;
  const app = express();
  app.disable("x-powered-by");
  const trustedHops = Number(process.env.TRUST_PROXY_HOPS ?? 0);
  app.set("trust proxy", trustedHops);
  // Behind a proxy that no hop is trusted for, every visitor has the proxy's address: the per-address
  // limits (sign-in, forms, CONSULTAR, the beacons) then count everyone together (ADR 016, addendum). Said once.
  let proxyWarned = trustedHops > 0;
  app.use((req, _res, next) => {
    if (!proxyWarned && req.headers["x-forwarded-for"] !== undefined) {
      proxyWarned = true;
      serverBuild.logger.warn(
        { event: "proxy-not-trusted" },
        "Llegan solicitudes con X-Forwarded-For y TRUST_PROXY_HOPS es 0: todas cuentan con la dirección del proxy, y los límites por dirección (ingreso del personal, formularios, CONSULTAR, mediciones de velocidad) tratan a todos como uno. Si hay un proxy delante, fije TRUST_PROXY_HOPS.",
      );
    }
    next();
  });
  // Headers only this server sets: a client cannot send them in.
  app.use((req, _res, next) => {
    delete req.headers[RATE_LIMITED_HEADER];
    delete req.headers[COUNTED_HEADER];
    delete req.headers["x-sitio-client-ip"];
    next();
  });
  return app;
}

/**
 * Every limiter's key for an address: express-rate-limit's own (an IPv6 address stands for its /56),
 * remembered for the addresses seen lately, since working it out parses the address (an IPv4 client on
 * the dual-stack socket is ::ffff:a.b.c.d), about 3 % of a form post. Forgotten every minute, as the
 * limits' own counts are.
 */
function createAddressKey() {
  // (express-rate-limit checks that a key generator's source names ipKeyGenerator: this one does.)
  const ipKeyGeneratorRemembered = remembered(ipKeyGenerator, 10_000, 60_000);
  return (req) => ipKeyGeneratorRemembered(req.ip ?? "desconocida");
}

/**
 * Field-speed beacons (ADR 023): counted before the access log, the security headers and compression,
 * which a 204 to a beacon does not need: a burst of them must cost the forms as little as possible
 * (`npm run bench:vitals`). The same checks as every submission: the method (anything but POST goes on
 * to the 405), a body of at most 2 KB, and the count against their own limit, in memory, so that no
 * address is written down; generous, since a carrier's NAT puts many phones behind one address. A path
 * the router would read as the same (other case, encoding) takes the long way, with the same answers.
 */
function beaconDoor(serverBuild, env, addressKey) {
  const { REFUSALS, RATE_LIMITED_HEADER, COUNTED_HEADER } = serverBuild;
  const beaconCounts = new MemoryStore();
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: env.VITALS_RATE_LIMIT,
    store: beaconCounts,
    keyGenerator: addressKey,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (req, res) => {
      const retryAfter = Math.max(1, Math.ceil((req.rateLimit.resetTime - Date.now()) / 1000));
      res.setHeader("Retry-After", String(retryAfter));
      res.setHeader("Cache-Control", "no-store");
      res.status(429).json({ error: { code: "limite_de_envios", message: "Demasiadas mediciones desde su conexión. Espere un minuto." } });
    },
  });
  const countBeacon = (req, res, next) => {
    res.locals.submission = serverBuild.submissionAt(req.originalUrl);
    if (res.locals.submission?.limit !== "vitals") return next("route");
    req.headers[COUNTED_HEADER] = res.locals.submission.door;
    limiter(req, res, next);
  };
  // A beacon in the common case (POST to the exact path, a declared length within 2 KB, under its limit)
  // is answered before Express: the same checks and answers (serverBuild.answerBeacon), the same count in
  // the same store as the limiter, for about half the work. Anything else (another method or spelling of
  // the path, no length, too long, over the limit) takes the long way through Express, with its answers.
  const beaconLimit = env.VITALS_RATE_LIMIT;
  // Never a crash nor a 500 for a beacon: a fault is logged and answered 503 in JSON.
  const beaconFailed = (res, error) => {
    serverBuild.logger.error({ event: "beacon-failed", error: String(error) });
    if (res.headersSent) return res.destroy();
    res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(JSON.stringify({ error: { code: "no_disponible", message: "No se pudo recibir la medición. Intente más tarde." } }));
  };
  const answerBeacon = async (app, req, res) => {
    // Express's own request methods, so req.ip follows TRUST_PROXY_HOPS as it does for the limiter.
    Object.setPrototypeOf(req, app.request);
    const key = addressKey(req);
    const counted = await beaconCounts.get(key);
    if ((counted?.totalHits ?? 0) >= beaconLimit) return app(req, res);
    await beaconCounts.increment(key);
    // Marked as every counted submission is (the client cannot send these: see the middleware above).
    delete req.headers[RATE_LIMITED_HEADER];
    req.headers[COUNTED_HEADER] = "api";
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("error", () => res.destroy());
    req.on("end", () => {
      try {
        const answer = serverBuild.answerBeacon(req, Buffer.concat(chunks));
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? undefined);
      } catch (error) {
        beaconFailed(res, error);
      }
    });
  };
  return {
    limiter,
    mount(app) {
      app.post(serverBuild.VITALS_PATH, countBeacon, readBody(env.FORM_BODY_LIMIT_BYTES, REFUSALS.contenido_muy_grande.message), serverBuild.vitalsApi);
    },
    /** The server's request handler: the common case answered before `app`, everything else by it. */
    handlerBefore(app) {
      return (req, res) => {
        const length = Number(req.headers["content-length"]);
        if (req.method === "POST" && req.url === serverBuild.VITALS_PATH && length > 0 && length <= serverBuild.VITALS_BODY_LIMIT_BYTES)
          return void answerBeacon(app, req, res).catch((error) => beaconFailed(res, error));
        app(req, res);
      };
    },
  };
}

/**
 * Reads a request's body into `req.rawBody`, up to `limit` bytes. Over the limit (declared or while
 * streaming) the client gets a 413 with `Connection: close`, and what it still sends is read and
 * discarded (up to a bound) before the connection closes, so the answer reaches it and nothing is
 * left unread on a connection it might reuse.
 */
function readBody(limit, message) {
  const DRAIN_BYTES = 16 * 1024 * 1024;
  const DRAIN_MS = 10_000;
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const refuse = () => {
      let drained = 0;
      // An upload says it was the file (ADR 027); a form, its message.
      const text = res.locals.submission?.tooLarge ?? message;
      const heading = res.locals.submission?.tooLarge ? "Archivo demasiado grande" : "Mensaje demasiado largo";
      const body =
        req.is("application/x-www-form-urlencoded") || req.is("multipart/form-data")
          ? `<!doctype html><html lang="es"><meta charset="utf-8"><title>${heading}</title><h1>${heading}</h1><p>${text}</p><p><a href="${escapeHtml(sameSitePath(req.path))}">Volver al formulario</a></p></html>`
          : JSON.stringify({ error: { code: "contenido_muy_grande", message: text } });
      res.writeHead(413, {
        "Content-Type": body.startsWith("<") ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
        "Content-Length": Buffer.byteLength(body),
        "Cache-Control": "no-store",
        Connection: "close",
      });
      // The whole answer goes out now; the response ends (and the connection closes) once the rest of
      // the body has been read, or at the bound, whichever comes first.
      res.write(body);
      const finish = () => {
        clearTimeout(timer);
        if (!res.writableEnded) res.end();
      };
      const timer = setTimeout(() => {
        finish();
        req.destroy();
      }, DRAIN_MS);
      req.removeAllListeners("data");
      req.on("data", (chunk) => {
        drained += chunk.length;
        if (drained > DRAIN_BYTES) {
          finish();
          req.destroy();
        }
      });
      req.on("end", finish);
      req.on("error", finish);
      req.resume();
    };
    const ownLimit = res.locals.submission?.bodyLimit ?? limit;
    if (Number(req.headers["content-length"] ?? 0) > ownLimit) return refuse();
    // An application with its résumé (ADR 028) is not held in memory: its bytes are counted here as they
    // pass, and server/app.ts streams them to a temporary file (req.uploadBody).
    if (res.locals.submission?.multipart === "streamed" && req.method === "POST" && req.is("multipart/form-data")) {
      let passed = 0;
      const counted = new Transform({
        transform(chunk, _encoding, callback) {
          passed += chunk.length;
          if (passed <= ownLimit) return callback(null, chunk);
          req.unpipe(counted);
          counted.destroy();
          refuse();
        },
      });
      req.on("close", () => {
        if (!req.readableEnded) counted.destroy();
      });
      req.pipe(counted);
      req.uploadBody = counted;
      return next();
    }
    const chunks = [];
    let size = 0;
    let refused = false;
    req.on("data", (chunk) => {
      if (refused) return;
      size += chunk.length;
      if (size > ownLimit) {
        refused = true;
        chunks.length = 0;
        return refuse();
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (refused) return;
      req.rawBody = Buffer.concat(chunks);
      next();
    });
    req.on("error", () => {
      refused = true;
    });
  };
}

const SITE_METHODS = ["GET", "HEAD", "POST"];
const UNSUPPORTED_FORM_MESSAGE = "Esta dirección recibe formularios de la página (application/x-www-form-urlencoded), no JSON, texto, XML ni archivos.";
const UNSUPPORTED_FORM_PAGE = `<!doctype html><html lang="es"><meta charset="utf-8"><title>Formato no admitido</title><h1>Formato no admitido</h1><p>${UNSUPPORTED_FORM_MESSAGE}</p><p><a href="/">Ir al inicio</a></p></html>`;

/**
 * A pure function of a string, with its answers for the last (at most) `size` different arguments kept:
 * the map is emptied when it is full, so whatever a client sends, it stays small; and, given a
 * `lifetimeMs`, emptied that often too.
 */
function remembered(pure, size = 1_000, lifetimeMs = undefined) {
  const answers = new Map();
  if (lifetimeMs !== undefined) setInterval(() => answers.clear(), lifetimeMs).unref();
  return (argument) => {
    if (answers.has(argument)) return answers.get(argument);
    const answer = pure(argument);
    if (answers.size >= size) answers.clear();
    answers.set(argument, answer);
    return answer;
  };
}

/**
 * A Host header the page's URL can be built from: a name (letters, digits, dots, hyphens, underscores),
 * an IPv4 address or a bracketed IPv6 one, with an optional port up to 65535. None at all (HTTP/1.0) is
 * fine: the router then uses localhost. Checked by length and plain character classes, then the URL parser.
 */
function isValidHost(host) {
  if (host === undefined) return true;
  if (typeof host !== "string" || host.length === 0 || host.length > 255) return false;
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(\d{1,5}))?$/.exec(host);
  if (!match || (match[2] !== undefined && Number(match[2]) > 65535)) return false;
  try {
    return new URL(`http://${host}/`).host !== "";
  } catch {
    return false;
  }
}
const METHOD_NOT_ALLOWED_PAGE =
  '<!doctype html><html lang="es"><meta charset="utf-8"><title>Método no permitido</title><h1>Método no permitido</h1><p>Esta dirección no acepta ese tipo de solicitud.</p><p><a href="/">Ir al inicio</a></p></html>';

/**
 * A request path as a link or redirect target that stays on this site: leading slashes and backslashes
 * collapse to one slash, so `//evil.example` or `/\\evil.example` cannot name another host.
 */
function sameSitePath(requestPath) {
  return `/${String(requestPath).replace(/^[\\/]+/, "")}`;
}

/**
 * The path without its trailing slashes and backslashes, by a scan from the end: the pattern
 * `[\\/]+$` retries from every slash of a long run and took a third of a second on a 16 KB path.
 */
function trimTrailingSlashes(requestPath) {
  let end = requestPath.length;
  while (end > 0 && (requestPath[end - 1] === "/" || requestPath[end - 1] === "\\")) end--;
  return requestPath.slice(0, end);
}

const HTML_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The prerendered pages that carry a date from which their "Cambios vigentes" change: path → aaaa-mm-dd. */
function findValidUntil(pages) {
  const dates = new Map();
  for (const [urlPath, file] of pages) {
    const found = [...readFileSync(file, "utf8").matchAll(/data-in-force-valid-until="(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1]).sort();
    if (found.length > 0) dates.set(urlPath, found[0]);
  }
  return dates;
}

/** Maps each prerendered path (/nosotros/misionVision) to its index.html. */
function findPrerenderedPages(dir) {
  const pages = new Map();
  const walk = (current, urlPath) => {
    for (const entry of readdirSync(current)) {
      const full = path.join(current, entry);
      if (entry === "assets") continue;
      if (statSync(full).isDirectory()) walk(full, `${urlPath}/${entry}`);
      else if (entry === "index.html") pages.set(urlPath || "/", full);
    }
  };
  if (existsSync(dir)) walk(dir, "");
  return pages;
}
