// `npm test`: everything the project promises, in order: types, lint and format, build, unit and integration tests
// on SQLite, then the integration tests again on PostgreSQL beside the browser tests on real Chromium. Prints one
// closing line: "N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { POSTGRES_MISSING, findPostgresBin } from "../tests/support/postgres.ts";
import { findChromium } from "./chromium.js";

const reports = mkdtempSync(path.join(tmpdir(), "sitio-test-"));
let passed = 0;
let failed = 0;
// Names of failed tests, printed again at the very end: CI keeps only the tail of the output.
const failures = [];

function vitestFailures(report, engine) {
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed") {
        const reason = (test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300);
        failures.push(`[vitest ${engine}] ${path.relative(process.cwd(), file.name)} › ${test.fullName}: ${reason}`);
      }
    }
    if (file.status === "failed" && !(file.assertionResults ?? []).some((test) => test.status === "failed")) {
      failures.push(`[vitest ${engine}] ${path.relative(process.cwd(), file.name)}: ${(file.message ?? "").split("\n")[0].slice(0, 300)}`);
    }
  }
}

function playwrightFailures(suite, trail = []) {
  const titles = suite.title ? [...trail, suite.title] : trail;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === "unexpected") {
        const error = test.results?.at(-1)?.error?.message ?? "";
        failures.push(`[playwright] ${[...titles, spec.title].join(" › ")}: ${error.split("\n")[0].slice(0, 300)}`);
      }
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, titles);
}

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function finish(code) {
  if (failures.length > 0) console.log(`\nFallaron:\n${failures.map((line) => `  ✗ ${line}`).join("\n")}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(code);
}

if (spawnSync("java", ["-version"]).status !== 0) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot) spawnSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless"], { stdio: "inherit" });
  if (spawnSync("java", ["-version"]).status !== 0) {
    console.error("Falta Java para el validador HTML (vnu.jar). Instálelo con: sudo apt-get install default-jre-headless");
    finish(1);
  }
}

if (!findChromium({ install: true })) {
  console.error("No hay un Chromium utilizable. Instálelo con: sudo apt-get update && sudo apt-get install -y chromium");
  finish(1);
}

// The lock file must let a clean machine install (`npm ci` refuses a lock out of step with package.json,
// e.g. one missing another platform's optional binaries): a dry run answers in about a second.
console.log("\n▶ package-lock.json al día (npm ci --dry-run)");
if (spawnSync("npm", ["ci", "--dry-run", "--no-audit", "--no-fund", "--loglevel=error"], { stdio: ["ignore", "ignore", "inherit"] }).status !== 0) {
  failed += 1;
  finish(1);
}

if (!run("Tipos (react-router typegen + tsc)", "npx", ["react-router", "typegen"]) || !run("tsc", "npx", ["tsc"])) {
  failed += 1;
  finish(1);
}
// The linter and the formatter (ADR 025): seconds, so a style slip fails before the long stages.
const styleOk = run("Linter (oxlint)", "npm", ["run", "--silent", "lint"]) && run("Formato (prettier --check)", "npm", ["run", "--silent", "format:check"]);
if (!styleOk) {
  failed += 1;
  finish(1);
}
// The layout's import rule (docs/architecture.md): a wrong import between features fails the run.
if (!run("Regla de importaciones (dependency-cruiser)", "npm", ["run", "--silent", "lint:imports"])) {
  failed += 1;
  finish(1);
}
if (!run("Construcción de producción", "npm", ["run", "build", "--silent"])) {
  failed += 1;
  finish(1);
}

// Known vulnerabilities in what ships (not dev tools): high or critical fail the run. Offline-safe:
// when the registry cannot answer the audit endpoint, say so and go on.
console.log("\n▶ npm audit --omit=dev");
const audit = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
let auditReport;
try {
  auditReport = JSON.parse(audit.stdout || "{}");
} catch {
  auditReport = {};
}
const counts = auditReport.metadata?.vulnerabilities;
if (!counts) {
  console.log(
    `npm audit omitido: el registro no respondió a la auditoría (${auditReport.error?.summary || auditReport.message || audit.stderr?.trim().split("\n").pop() || "sin respuesta"}).`,
  );
} else if (counts.high + counts.critical > 0) {
  console.error(`npm audit: ${counts.high} altas y ${counts.critical} críticas en las dependencias de producción.`);
  failed += 1;
  finish(1);
} else {
  console.log(`npm audit: sin vulnerabilidades altas ni críticas (${counts.total} en total).`);
}

const vitestReport = path.join(reports, "vitest.json");
const unitOk = run("Pruebas unitarias y de integración (vitest)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  vitestFailures(report, "SQLite");
} else if (!unitOk) failed += 1;

// The same suites on a real PostgreSQL (started and stopped by vitest's global setup as an unprivileged
// user), plus the multi-instance and outage suites. Debian's `postgresql` package provides the server.
let postgresBin = findPostgresBin();
if (!postgresBin && typeof process.getuid === "function" && process.getuid() === 0) {
  console.log("\nInstalando PostgreSQL (paquete postgresql de Debian)…");
  spawnSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null"], { stdio: "inherit" });
  postgresBin = findPostgresBin();
}

// The PostgreSQL suites and the browser tests run side by side: the browser phase is one worker that
// mostly waits on Chromium and its server, so the two together take little longer than the browser phase
// alone (about 5 minutes less in all on two cores). They share nothing: the browser tests have their own
// server, port and SQLite file. The PostgreSQL output is kept and printed in one piece when it ends; the
// browser output is held meanwhile and then follows as it comes.
const postgresReport = path.join(reports, "vitest-postgres.json");
const postgresLog = path.join(reports, "vitest-postgres.log");
const playwrightReport = path.join(reports, "playwright.json");

/** Runs a command with its output written to `file`; resolves with its exit status. */
function runToFile(command, args, env, file) {
  const out = openSync(file, "w");
  const child = spawn(command, args, { stdio: ["ignore", out, out], env: { ...process.env, ...env } });
  return new Promise((resolve) => child.on("close", (code) => (closeSync(out), resolve(code))));
}

let holdBrowserOutput = Boolean(postgresBin);
const heldBrowserOutput = [];
const writeBrowserOutput = (chunk) => (holdBrowserOutput ? heldBrowserOutput.push(chunk) : process.stdout.write(chunk));
console.log(`\n▶ Pruebas en el navegador (Playwright + Chromium)${postgresBin ? ", a la vez que las de PostgreSQL" : ""}`);
const browser = spawn("npx", ["playwright", "test", "--reporter=list,json"], {
  stdio: ["ignore", "pipe", "pipe"],
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
});
browser.stdout.on("data", writeBrowserOutput);
browser.stderr.on("data", writeBrowserOutput);
const browserDone = new Promise((resolve) => browser.on("close", resolve));

let postgresOk = true;
if (!postgresBin) {
  console.error(`\n${POSTGRES_MISSING}`);
  failed += 1;
  postgresOk = false;
} else {
  const status = await runToFile(
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${postgresReport}`],
    { TEST_DATABASE: "postgres", PG_BIN: postgresBin },
    postgresLog,
  );
  postgresOk = status === 0;
  console.log("\n▶ Pruebas de integración sobre PostgreSQL (varias instancias, caídas)");
  process.stdout.write(readFileSync(postgresLog));
  if (existsSync(postgresReport)) {
    const report = JSON.parse(readFileSync(postgresReport, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    vitestFailures(report, "PostgreSQL");
  } else if (!postgresOk) failed += 1;
  console.log("\n▶ Pruebas en el navegador (continúa)");
  holdBrowserOutput = false;
  for (const chunk of heldBrowserOutput.splice(0)) process.stdout.write(chunk);
}

const e2eOk = (await browserDone) === 0;
if (existsSync(playwrightReport)) {
  const { stats, suites } = JSON.parse(readFileSync(playwrightReport, "utf8"));
  for (const suite of suites ?? []) playwrightFailures(suite);
  passed += stats.expected + (stats.flaky ?? 0);
  failed += stats.unexpected;
} else if (!e2eOk) failed += 1;

finish(unitOk && postgresOk && e2eOk && failed === 0 ? 0 : 1);
