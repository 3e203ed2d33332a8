// Production server: static files (fingerprinted assets immutable, HTML revalidated), compression,
// headers, then the React Router app. Started by scripts/start.js (`npm start`).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";

const root = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(root, "build", "client");

export async function createServer() {
  const serverBuild = await import(path.join(root, "build", "server", "index.js"));
  const { notices } = await serverBuild.startServices();
  const prerendered = findPrerenderedPages(clientDir);
  const scriptHashes = JSON.parse(readFileSync(path.join(root, "build", "csp-script-hashes.json"), "utf8"));
  // Inline style sheets (ADR 011): a prerendered page gets the hashes of its own <style> elements; a
  // page rendered on request (the 404) may carry any of them, so it gets the hashes of all of them.
  const styleHashes = JSON.parse(readFileSync(path.join(root, "build", "csp-style-hashes.json"), "utf8"));
  const sha256 = (text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const dynamicStyleHashes = Object.values(serverBuild.inlineStyleSheets).map(sha256);
  // Likewise the inline site script (ADR 011), the only inline script of a page rendered on request.
  const dynamicScriptHashes = serverBuild.inlineScripts.map(sha256);
  const hstsMaxAge = Number(process.env.HSTS_MAX_AGE ?? 31_536_000);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", Number(process.env.TRUST_PROXY_HOPS ?? 0));
  // Security headers on every response. Inline scripts: only the hashed ones React Router writes into
  // the prerendered interactive pages; inline styles: only the content pages' hashed style sheets;
  // videos embed only from the privacy-enhanced provider domain.
  app.use((req, res, next) => {
    const file = req.path.startsWith("/assets/") || /\.[a-z0-9]+$/i.test(req.path);
    const isPrerendered = (req.method === "GET" || req.method === "HEAD") && prerendered.has(req.path);
    res.locals.scriptHashes = isPrerendered ? (scriptHashes[req.path] ?? []) : file ? [] : dynamicScriptHashes;
    res.locals.styleHashes = isPrerendered ? (styleHashes[req.path] ?? []) : file ? [] : dynamicStyleHashes;
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [(_req, res) => ["'self'", ...res.locals.scriptHashes].join(" ")],
          styleSrc: [(_req, res) => ["'self'", ...res.locals.styleHashes].join(" ")],
          imgSrc: ["'self'", "data:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameSrc: ["https://www.youtube-nocookie.com"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
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
      xFrameOptions: { action: "deny" },
    }),
  );
  app.use((req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()");
    if (req.secure && hstsMaxAge > 0) res.setHeader("Strict-Transport-Security", `max-age=${hstsMaxAge}; includeSubDomains`);
    next();
  });
  app.use(compression());

  // Per-address limit on the form endpoints (DECISIONS 8); the proxy hop count decides the address.
  const formLimiter = rateLimit({
    windowMs: 60_000,
    limit: serverBuild.getEnv().FORM_RATE_LIMIT,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler(req, res) {
      const retryAfter = Math.max(1, Math.ceil((req.rateLimit.resetTime - Date.now()) / 1000));
      res.setHeader("Retry-After", String(retryAfter));
      res.setHeader("Cache-Control", "no-store");
      const form = req.path.endsWith("cliente") ? "cliente" : "contacto";
      if (req.is("application/x-www-form-urlencoded")) return res.redirect(303, `/${form}/no-enviado?motivo=limite_de_envios`);
      res.status(429).json({
        error: { code: "limite_de_envios", message: "Recibimos demasiados envíos desde su conexión. Espere un minuto e inténtelo de nuevo." },
      });
    },
  });
  app.post(["/php/contacto", "/php/cliente"], formLimiter);

  // One canonical form per page: /contacto/ → /contacto (and the static files never redirect back).
  app.use((req, res, next) => {
    if ((req.method === "GET" || req.method === "HEAD") && req.path.length > 1 && req.path.endsWith("/")) {
      const query = req.url.slice(req.path.length);
      return res.redirect(301, req.path.replace(/\/+$/, "") + query);
    }
    next();
  });

  // Static files: prerendered pages at clean paths (revalidated), fingerprinted assets (immutable for a
  // year), the rest revalidated; each sent precompressed when the browser accepts brotli or gzip.
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
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
        if (req.path.startsWith("/assets/")) return res.status(404).type("text/plain").send("No encontrado");
        return next();
      }
      file = candidate;
    }
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
      return res.sendFile(encoded, { cacheControl: false, lastModified: true });
    }
    res.sendFile(file, { cacheControl: false });
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
  return { app, notices, stopServices: serverBuild.stopServices };
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
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
