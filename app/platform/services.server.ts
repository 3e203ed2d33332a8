/**
 * The server's long-lived parts: the database (migrated on open) and the outbox sender.
 * Opened once per process, lazily, so prerendering and the dev server need no extra step.
 */
import type { Kysely } from "kysely";
import { getSiteConfig } from "~/config/site.server";
import { type Database, engineOf, openDatabase, openReadDatabase, redactUrl } from "./db/database.server";
import { indexSoon, stopSearchIndexer } from "./db/search-index.server";
import { getEnv, type ServerEnv } from "./env.server";
import { log } from "./log.server";
import { type OutboxOptions, OutboxSender } from "./outbox.server";

/**
 * What the services need from the features, handed in by the composition root (app/composition/wiring.server.ts),
 * so the platform imports no feature.
 */
export interface ServiceHooks {
  /** The version of the data policy visitors accept today. */
  policyVersion(): string;
  renderMessage: OutboxOptions["renderMessage"];
  /** Opens a sealed recipient (the ethics line), given the environment. */
  unsealRecipient(env: ServerEnv, sealed: string, caseId: number): string;
  /** Lines the start prints about the features' own configuration. */
  startNotices(env: ServerEnv): string[] | Promise<string[]>;
  /** The daily retention purge (ADR 019): claims today's run and does it, or returns null if another instance has. */
  dailyPurge?(db: Kysely<Database>, readDb: Kysely<Database>): Promise<unknown>;
  /** The features' own background work of a running server (started after the services, stopped before them). */
  startBackground?(db: Kysely<Database>, readDb: Kysely<Database>): { stop(): Promise<void> };
}

let hooks: ServiceHooks | undefined;

export function configureServices(features: ServiceHooks): void {
  hooks = features;
}

function requireHooks(): ServiceHooks {
  if (!hooks) throw new Error("Servicios sin configurar: importe app/composition/wiring.server.ts antes de usarlos.");
  return hooks;
}

export interface Services {
  db: Kysely<Database>;
  /**
   * What the staff area reads through (lists, searches, details, exports): on SQLite a worker thread
   * with its own read-only connection, so the request thread never waits on a long read (ADR 018); on
   * PostgreSQL `db`. Writes, and reads that must see the request's own transaction, use `db`.
   */
  readDb: Kysely<Database>;
  env: ServerEnv;
  outbox: OutboxSender | undefined;
  /** Connections for bookkeeping: the outbox and the rate-limit counters (PostgreSQL only). */
  outboxDb?: Kysely<Database>;
  /** Version of the data policy that visitors accept today (content/privacidad.md). */
  policyVersion: string;
}

let services: Promise<Services> | undefined;

export function getServices(): Promise<Services> {
  services ??= open().catch((error) => {
    services = undefined;
    throw error;
  });
  return services;
}

async function open(): Promise<Services> {
  const env = getEnv();
  const site = getSiteConfig();
  const features = requireHooks();
  const policyVersion = features.policyVersion();
  const db = await openDatabase(env.DATABASE_URL, {
    poolSize: env.DATABASE_POOL_SIZE,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
  }).catch((error: unknown) => {
    // The start stops with a message that names the variable (and never prints its password).
    throw new Error(`DATABASE_URL: no se pudo abrir la base de datos ${redactUrl(env.DATABASE_URL)}: ${(error as Error).message}`);
  });
  const readDb = openReadDatabase(env.DATABASE_URL, db, { timeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS });
  let outbox: OutboxSender | undefined;
  // On PostgreSQL the bookkeeping (outbox claims and "sent" marks, rate-limit counters) has a few
  // connections of its own: it never waits behind visitor requests, which keeps the crash window between
  // SMTP's acceptance and the commit short, and it commits without waiting for the disk (see relaxedCommit).
  let outboxDb: Kysely<Database> | undefined;
  if (engineOf(env.DATABASE_URL) === "postgres") {
    outboxDb = await openDatabase(env.DATABASE_URL, {
      poolSize: 4,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      skipMigrations: true,
      relaxedCommit: true,
    });
  }
  if (env.SMTP_URL) {
    outbox = new OutboxSender(outboxDb ?? db, {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      companyName: site.company.name,
      retryBaseMs: env.MAIL_RETRY_BASE_MS,
      retryMaxMs: env.MAIL_RETRY_MAX_MS,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      pollMs: env.MAIL_POLL_MS,
      outageSummaryMs: env.MAIL_OUTAGE_SUMMARY_MS,
      leaseMs: env.MAIL_LEASE_MS,
      unsealRecipient: (sealed, caseId) => features.unsealRecipient(env, sealed, caseId),
      renderMessage: features.renderMessage,
    });
    outbox.start();
  }
  log("info", "services-ready", { database: redactUrl(env.DATABASE_URL), engine: engineOf(env.DATABASE_URL), mail: Boolean(outbox) });
  return { db, readDb, env, outbox, outboxDb, policyVersion };
}

/** How often the server looks whether today's purge is due (it runs once a day, from PURGE_HOUR). */
const PURGE_CHECK_MS = 10 * 60_000;
let purgeTimer: NodeJS.Timeout | undefined;
let purging: Promise<unknown> | undefined;
let background: { stop(): Promise<void> } | undefined;

/**
 * The daily retention purge, run by the production server: every 10 minutes (the first check 10 minutes
 * after the start), once the Colombian hour reaches PURGE_HOUR, it tries to claim today's run; the
 * lease row lets one instance do it per day (app/platform/purge.server.ts).
 */
function scheduleDailyPurge(db: Kysely<Database>, readDb: Kysely<Database>, env: ServerEnv) {
  const run = requireHooks().dailyPurge;
  if (!run) return;
  const check = () => {
    const hour = new Date(Date.now() - 5 * 3_600_000).getUTCHours();
    if (purging || hour < env.PURGE_HOUR) return;
    purging = run(db, readDb)
      .catch((error: unknown) => log("error", "retention-purge-failed", { error: String(error) }))
      .finally(() => {
        purging = undefined;
      });
  };
  purgeTimer = setInterval(check, PURGE_CHECK_MS);
  purgeTimer.unref();
}

/** Called by the production server before it listens: fails fast on bad configuration. */
export async function startServices(): Promise<{ notices: string[] }> {
  const { outbox, db, readDb, env } = await getServices();
  if (!purgeTimer) scheduleDailyPurge(db, readDb, env);
  background ??= requireHooks().startBackground?.(db, readDb);
  // Messages another process stored (a copy, another instance on the file) reach the text index now.
  indexSoon(db, 0);
  const notices: string[] = [];
  if (!outbox) {
    notices.push("SMTP_URL no está definido: los mensajes de los formularios se guardan en la base de datos, pero no se envían por correo.");
  }
  notices.push(...(await requireHooks().startNotices(getEnv())));
  return { notices };
}

export async function stopServices(): Promise<void> {
  clearInterval(purgeTimer);
  purgeTimer = undefined;
  await purging;
  await background?.stop();
  background = undefined;
  if (!services) return;
  const current = await services.catch(() => undefined);
  services = undefined;
  await current?.outbox?.stop();
  await current?.outboxDb?.destroy();
  if (current) await stopSearchIndexer(current.db);
  if (current && current.readDb !== current.db) await current.readDb.destroy();
  await current?.db.destroy();
}
