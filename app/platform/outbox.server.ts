/**
 * The outbox (docs/product.md §4, 24): each stored message has a row here; this sender delivers pending rows
 * over SMTP with exponential back-off (capped), and records sent or failed-for-good with attempts and
 * the last error. It resumes whatever is pending after a restart.
 *
 * Several instances may share one database: an instance claims a few rows with a short lease
 * (`locked_until`, MAIL_LEASE_MS; on PostgreSQL `FOR UPDATE SKIP LOCKED`, so two instances never claim
 * the same row; on SQLite the single writer makes the claim atomic), renewed while the send runs (a
 * heartbeat). An instance killed mid-send stops renewing; its lease runs out within seconds and another
 * instance sends the mail. On SQLite one process owns the database, so the leases found at start were
 * left by a process that is gone: they are released at once. A second copy can only come from a crash
 * between the SMTP server's acceptance and the commit of "sent"; every copy of a message carries the
 * same Message-ID, so mail systems can drop the duplicate.
 *
 * An SMTP outage is logged once when it starts, as a periodic summary while it lasts (pending count,
 * next try) and once when it ends — not once per message and retry. While it lasts, one message at a
 * time probes the server; when the server answers again the waiting mail is due at once.
 */
import { type Kysely, type Selectable, sql } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import { type Database, engineOfDatabase, type MessagesTable, withRelaxedSync } from "./db/database.server";
import { log } from "./log.server";
import type { RenderedMail } from "./mail.server";
import { composeMail } from "./mime.server";

export interface OutboxOptions {
  smtpUrl: string;
  from: string;
  companyName: string;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  pollMs: number;
  /** While SMTP is down, one summary line this often. */
  outageSummaryMs?: number;
  /** How long a claimed row stays with this instance without a renewal (renewed every third of it while it is being sent). */
  leaseMs?: number;
  /**
   * Opens a case mail's recipient stored sealed (`v1:…`, the ethics line's identified reporter, ADR 013),
   * so that address is never in the database in clear.
   */
  unsealRecipient?: (sealed: string, caseId: number) => string;
  /** Renders a form message's mail when it is sent (a case's mails are rendered when queued). */
  renderMessage(message: Selectable<MessagesTable>, companyName: string): RenderedMail;
}

export const isSealedRecipient = (recipients: string) => recipients.startsWith("v1:");

const SEND_CONCURRENCY = 3;
/** Rows claimed at once: small, so an instance that dies strands few, and only for one lease. */
const CLAIM = 12;
const DEFAULT_LEASE_MS = 15_000;
// A send that hangs gives up (its lease is renewed meanwhile, so no other instance sends it too).
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

export function retryDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), maxMs);
}

/** A permanent SMTP refusal (5xx) will not succeed on retry. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/**
 * The same Message-ID for every copy of a mail: a message's id and reception time (unique even if a
 * database is reset), or a report mail's case and outbox row.
 */
/** "ana.perez@empresa.co, b@x.co" → "a…@empresa.co, b…@x.co": enough to tell which mailbox, not whose. */
export const maskRecipients = (recipients: string) =>
  recipients
    .split(",")
    .map((r) => r.trim().replace(/^(.)[^@]*@/, "$1…@"))
    .join(", ");

/** A binary attachment (a certificate's PDF) is stored in base64, its type marked `;base64` (app/platform/mail.server.ts). */
function attachmentOf(filename: string, type: string | null, content: string) {
  const base64 = type?.endsWith(";base64") ?? false;
  return { filename, content, encoding: base64 ? "base64" : undefined, contentType: (base64 ? type?.slice(0, -7) : type) ?? "application/octet-stream" };
}

export function stableMessageId(
  row: { id: number | null | undefined; received_at: string | null; case_id?: number | null; outbox_id?: number | null },
  from: string,
): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "sitio.invalid";
  if (row.id === null || row.id === undefined) return row.case_id ? `<caso-${row.case_id}-${row.outbox_id}@${domain}>` : `<correo-${row.outbox_id}@${domain}>`;
  return `<mensaje-${row.id}-${Date.parse(row.received_at ?? "")}@${domain}>`;
}

/** A claimed row: a message's mail (rendered when sent) or a report's mail (rendered when queued, ADR 012). */
type ClaimedRow = { [K in keyof Selectable<MessagesTable>]: Selectable<MessagesTable>[K] | null } & {
  outbox_id: number | undefined;
  recipients: string;
  attempts: number;
  case_id: number | null;
  subject: string | null;
  body_text: string | null;
  body_html: string | null;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_content: string | null;
};

/**
 * How the log names a mail: a message's id, or a case mail's outbox row, never its case: a confidential
 * channel's notice leaves seconds after the report, and its case id in the log could tie the report to
 * the reporter's connection in an access log (ADR 013).
 */
const refOf = (row: ClaimedRow) => (isRendered(row) ? { outboxId: row.outbox_id } : { messageId: row.id, form: row.form });

/**
 * A mail rendered when queued (a case's, or a certificate's code or PDF, ADR 027), not a form message's:
 * its body may hold a code or a personal file, so it is dropped once delivered.
 */
const isRendered = (row: ClaimedRow) => row.id === null || row.id === undefined;

const iso = (ms: number) => new Date(ms).toISOString();

/** Logs a run of failures once at the start, then a summary every `summaryMs`, then once at the end. */
class OutageLog {
  private since: number | undefined;
  private lastSummary = 0;
  private failures = 0;
  constructor(
    private name: string,
    private summaryMs: number,
  ) {}
  get active() {
    return this.since !== undefined;
  }
  failed(fields: Record<string, unknown>) {
    this.failures += 1;
    if (this.since === undefined) {
      this.since = Date.now();
      this.lastSummary = this.since;
      this.failures = 1;
      log("warn", `${this.name}-outage-started`, fields);
    }
  }
  summaryDue(now = Date.now()) {
    return this.since !== undefined && now - this.lastSummary >= this.summaryMs;
  }
  summary(fields: Record<string, unknown>) {
    if (this.since === undefined) return;
    log("warn", `${this.name}-outage-ongoing`, { sinceMs: Date.now() - this.since, failedAttempts: this.failures, ...fields });
    this.lastSummary = Date.now();
    this.failures = 0;
  }
  recovered(fields: Record<string, unknown> = {}) {
    if (this.since === undefined) return false;
    log("info", `${this.name}-outage-ended`, { durationMs: Date.now() - this.since, ...fields });
    this.since = undefined;
    return true;
  }
}

export class OutboxSender {
  private transport: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private smtpOutage: OutageLog;
  private databaseOutage: OutageLog;
  private leaseMs: number;
  /** Set when SMTP came back: the next cycle starts at once. */
  private resumeNow = false;
  private unrecorded = new Map<number, { sentAt: string; dropBody: string | null }>();
  private marks: { outboxId: number; sentAt: string; dropBody: string | null; resolve(): void; reject(error: unknown): void }[] = [];
  /** Rows this instance has claimed and not yet recorded: their leases are renewed until then. */
  private held = new Set<number>();
  private heartbeat: NodeJS.Timeout | undefined;
  /** SQLite: the leases found at start are released once, before the first claim. */
  private staleLeasesReleased = false;

  constructor(
    private db: Kysely<Database>,
    private options: OutboxOptions,
  ) {
    // A small pool of reused SMTP connections: a burst of messages does not open one connection each.
    const url = new URL(options.smtpUrl);
    if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
    if (!url.searchParams.has("maxConnections")) url.searchParams.set("maxConnections", String(SEND_CONCURRENCY));
    this.transport = nodemailer.createTransport(url.href, { from: options.from, ...SMTP_TIMEOUTS });
    this.smtpOutage = new OutageLog("mail", options.outageSummaryMs ?? 60_000);
    this.databaseOutage = new OutageLog("outbox-database", options.outageSummaryMs ?? 60_000);
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Deliver now (after a new message, or "retry now" from the inbox). While SMTP is down the probe's pace holds. */
  kick(): void {
    if (!this.stopped && !this.smtpOutage.active) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    clearInterval(this.heartbeat);
    this.transport.close();
  }

  /**
   * SQLite: one process owns the database (docs/product.md §19), so a lease found at start belongs to a
   * process that died (kill -9, a power cut) with the mail unsent or unrecorded: release it, so the mail
   * goes now rather than when the lease would have run out.
   */
  private async releaseStaleLeases() {
    if (this.staleLeasesReleased || engineOfDatabase(this.db) === "postgres") return;
    const released = await this.db
      .updateTable("outbox")
      .set({ locked_until: null })
      .where("status", "=", "pending")
      .where("locked_until", "is not", null)
      .executeTakeFirst();
    this.staleLeasesReleased = true;
    if (Number(released.numUpdatedRows) > 0) log("info", "outbox-leases-released", { rows: Number(released.numUpdatedRows) });
  }

  /** Renews the leases of the rows being sent, every third of the lease, while there are any. */
  private hold(ids: number[]) {
    for (const id of ids) this.held.add(id);
    if (this.heartbeat || this.held.size === 0) return;
    this.heartbeat = setInterval(() => void this.renewLeases(), Math.max(100, Math.floor(this.leaseMs / 3)));
    this.heartbeat.unref();
  }

  private release(id: number) {
    this.held.delete(id);
    if (this.held.size > 0) return;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private async renewLeases() {
    const ids = [...this.held];
    if (ids.length === 0) return;
    try {
      // Only rows still pending and leased: a row recorded as sent or failed meanwhile keeps its state.
      await withRelaxedSync(this.db, (db) =>
        db
          .updateTable("outbox")
          .set({ locked_until: iso(Date.now() + this.leaseMs) })
          .where("id", "in", ids)
          .where("status", "=", "pending")
          .where("locked_until", "is not", null)
          .execute(),
      );
    } catch (error) {
      // The database is away: the outbox's own outage log says so; the next beat tries again.
      log("debug", "outbox-lease-renewal-failed", { rows: ids.length, error: String(error) });
    }
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.running) {
        this.schedule(this.options.pollMs);
        return;
      }
      let next = this.options.pollMs;
      this.running = this.deliverDue()
        .then((count) => {
          this.databaseOutage.recovered();
          // A full claim means more may be due right away (unless SMTP is down).
          if ((count === CLAIM && !this.smtpOutage.active) || this.resumeNow) next = 0;
          this.resumeNow = false;
        })
        .catch((error) => {
          this.databaseOutage.failed({ error: String(error) });
          if (this.databaseOutage.summaryDue()) this.databaseOutage.summary({ error: String(error) });
        })
        .then(() => this.summarizeSmtpOutage())
        .catch(() => {})
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(next);
        });
    }, ms);
    this.timer.unref();
  }

  private async summarizeSmtpOutage() {
    if (!this.smtpOutage.summaryDue()) return;
    const { pending, next } = await this.pendingSummary();
    this.smtpOutage.summary({ pending, nextTryAt: next });
  }

  private async pendingSummary() {
    const row = await this.db
      .selectFrom("outbox")
      .select((eb) => [eb.fn.countAll<number | string>().as("pending"), eb.fn.min("next_attempt_at").as("next")])
      .where("status", "=", "pending")
      .executeTakeFirst();
    return { pending: Number(row?.pending ?? 0), next: row?.next ?? null };
  }

  /**
   * Claims due rows (or a single probe while SMTP is down) under a lease, counting the attempt at claim
   * time, so a message that crashes its instance every time still runs out of attempts.
   */
  async claim(limit: number): Promise<ClaimedRow[]> {
    const now = Date.now();
    const postgres = engineOfDatabase(this.db) === "postgres";
    const due = this.db
      .selectFrom("outbox")
      .select("id")
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", iso(now))
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", iso(now))]))
      .orderBy("next_attempt_at")
      .orderBy("id")
      .limit(limit)
      .$if(postgres, (q) => q.forUpdate().skipLocked());
    const claimed = await withRelaxedSync(this.db, (db) =>
      db
        .updateTable("outbox")
        .set({ locked_until: iso(now + this.leaseMs), attempts: sql`attempts + 1` })
        .where("id", "in", due)
        .returning("id")
        .execute(),
    );
    if (claimed.length === 0) return [];
    const ids = claimed.map((r) => r.id as number);
    this.hold(ids);
    let rows: ClaimedRow[] = [];
    try {
      rows = await this.db
        .selectFrom("outbox")
        // A row is a message's mail (rendered now) or a report's mail (rendered when queued, ADR 012).
        .leftJoin("messages", "messages.id", "outbox.message_id")
        .selectAll("messages")
        .select([
          "outbox.id as outbox_id",
          "outbox.recipients",
          "outbox.attempts",
          "outbox.case_id",
          "outbox.subject",
          "outbox.body_text",
          "outbox.body_html",
          "outbox.attachment_name",
          "outbox.attachment_type",
          "outbox.attachment_content",
        ])
        .where("outbox.id", "in", ids)
        .orderBy("outbox.id")
        .execute();
      return rows;
    } finally {
      // What will not be delivered now (the read failed, or the row was deleted meanwhile) is not renewed.
      const read = new Set(rows.map((r) => r.outbox_id));
      for (const id of ids) if (!read.has(id)) this.release(id);
    }
  }

  /** Sends what is due; returns how many rows were claimed. */
  async deliverDue(): Promise<number> {
    if (this.stopped) return 0;
    await this.releaseStaleLeases();
    await this.recordUnrecorded();
    if (this.smtpOutage.active) {
      const [probe] = await this.claim(1);
      if (probe) await this.deliverHeld(probe);
      return probe ? 1 : 0;
    }
    const rows = await this.claim(CLAIM);
    // The transport's pool keeps SEND_CONCURRENCY connections busy; the rest wait in its queue.
    const outcomes = await Promise.allSettled(rows.map((row) => this.deliverHeld(row)));
    const failed = outcomes.find((o) => o.status === "rejected");
    if (failed) throw failed.reason;
    return rows.length;
  }

  /** Delivers a claimed row; its lease is renewed until its outcome is recorded (or cannot be). */
  private async deliverHeld(row: ClaimedRow): Promise<void> {
    try {
      await this.deliver(row);
    } finally {
      // A send accepted by SMTP whose "sent" could not be written keeps its lease until it is written.
      if (!this.unrecorded.has(row.outbox_id as number)) this.release(row.outbox_id as number);
    }
  }

  private async deliver(row: ClaimedRow): Promise<void> {
    const attempts = row.attempts;
    const mail =
      row.id !== null && row.id !== undefined
        ? this.options.renderMessage(row as Selectable<MessagesTable>, this.options.companyName)
        : { subject: row.subject ?? "", text: row.body_text ?? "", html: row.body_html ?? undefined, replyTo: undefined };
    let to = row.recipients;
    try {
      if (isSealedRecipient(to)) {
        if (!this.options.unsealRecipient || !row.case_id) throw new Error("destinatario cifrado sin clave para abrirlo (ETHICS_KEY)");
        to = this.options.unsealRecipient(to, row.case_id);
      }
      const plain = {
        from: this.options.from,
        to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: stableMessageId(row, this.options.from),
      };
      await this.transport.sendMail(
        row.attachment_name && row.attachment_content !== null
          ? { ...plain, attachments: [attachmentOf(row.attachment_name, row.attachment_type, row.attachment_content)] }
          : composeMail(plain),
      );
    } catch (error) {
      await this.recordFailure(row, error);
      return;
    }
    // Accepted by SMTP: a crash before this commit is the one case that sends a second copy (same Message-ID).
    // If the database is away now, remember it and record it first thing when it is back.
    const sentAt = new Date().toISOString();
    try {
      await this.markSent(row.outbox_id as number, sentAt, isRendered(row) ? maskRecipients(to) : null);
    } catch (error) {
      this.unrecorded.set(row.outbox_id as number, { sentAt, dropBody: isRendered(row) ? maskRecipients(to) : null });
      throw error;
    }
    log("info", "mail-sent", { ...refOf(row), attempts });
    if (this.smtpOutage.active) {
      // The server answers again: what waited for it is due now (rows leased by other instances keep their lease).
      const released = await this.db
        .updateTable("outbox")
        .set({ next_attempt_at: new Date().toISOString() })
        .where("status", "=", "pending")
        .where("next_attempt_at", ">", new Date().toISOString())
        .executeTakeFirst();
      if (this.smtpOutage.recovered({ resumed: Number(released.numUpdatedRows) })) this.resumeNow = true;
    }
  }

  /**
   * A report mail's body may hold a follow-up code, and its recipient may be a reporter who asked for
   * confidentiality: once delivered, the body (and an attachment) is dropped and the recipients kept only
   * masked (`dropBody`).
   */
  private markSent(outboxId: number, sentAt: string, dropBody: string | null = null): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.marks.length === 0) setImmediate(() => void this.writeMarks());
      this.marks.push({ outboxId, sentAt, dropBody, resolve, reject });
    });
  }

  /**
   * The "sent" marks of one turn of the event loop in one transaction (ADR 024): a burst of posts is a
   * burst of sends, and a mark of its own (two pragmas, an update, a commit) cost each post about as much
   * as its rate count did. If the transaction fails, each of its sends is remembered as unrecorded.
   */
  private async writeMarks(): Promise<void> {
    const marks = this.marks;
    this.marks = [];
    try {
      await withRelaxedSync(this.db, (db) =>
        db.transaction().execute(async (trx) => {
          for (const { outboxId, sentAt, dropBody } of marks) {
            await trx
              .updateTable("outbox")
              .set({
                status: "sent",
                sent_at: sentAt,
                last_error: null,
                locked_until: null,
                ...(dropBody !== null ? { body_text: null, body_html: null, attachment_content: null, recipients: dropBody } : {}),
              })
              .where("id", "=", outboxId)
              .execute();
          }
        }),
      );
      for (const mark of marks) mark.resolve();
    } catch (error) {
      for (const mark of marks) mark.reject(error);
    }
  }

  /** Sends accepted by SMTP whose "sent" could not be written (the database was away). */
  private async recordUnrecorded() {
    for (const [outboxId, { sentAt, dropBody }] of this.unrecorded) {
      await this.markSent(outboxId, sentAt, dropBody);
      this.unrecorded.delete(outboxId);
      this.release(outboxId);
    }
  }

  private async recordFailure(row: ClaimedRow, error: unknown) {
    const attempts = row.attempts;
    const permanent = isPermanent(error);
    const failedForGood = permanent || attempts >= this.options.maxAttempts;
    const delay = retryDelay(attempts, this.options.retryBaseMs, this.options.retryMaxMs);
    const message = String((error as Error).message ?? error).slice(0, 500);
    await this.db
      .updateTable("outbox")
      .set({
        status: failedForGood ? "failed" : "pending",
        last_error: message,
        next_attempt_at: iso(Date.now() + delay),
        locked_until: null,
      })
      .where("id", "=", row.outbox_id)
      .execute();
    if (failedForGood) {
      log("error", "mail-failed", { ...refOf(row), attempts, error: message });
    }
    // A refusal of one message (5xx) says nothing about the server; anything else means it is unavailable.
    if (!permanent && !this.smtpOutage.active) {
      const { pending } = await this.pendingSummary();
      this.smtpOutage.failed({ error: message, pending, retryInMs: delay });
    } else if (!permanent) {
      this.smtpOutage.failed({});
    }
  }
}
