/**
 * The outbox (DECISIONS 4): each stored message has a row here; this sender delivers pending rows over
 * SMTP with exponential back-off (capped), and records sent or failed-for-good with attempts and the
 * last error. It resumes whatever is pending after a restart.
 */
import type { Kysely, Selectable } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database, MessagesTable } from "./db.server";
import { log } from "./log.server";
import { composeMail } from "./mail.server";

export interface OutboxOptions {
  smtpUrl: string;
  from: string;
  companyName: string;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  pollMs: number;
}

const SEND_CONCURRENCY = 3;
const BATCH = 50;

export function retryDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), maxMs);
}

/** A permanent SMTP refusal (5xx) will not succeed on retry. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

type DueRow = { [K in keyof Selectable<MessagesTable>]: Selectable<MessagesTable>[K] | null } & {
  outbox_id: number | undefined;
  recipients: string;
  attempts: number;
  case_id: number | null;
  subject: string | null;
  body_text: string | null;
  body_html: string | null;
};

export class OutboxSender {
  private transport: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private db: Kysely<Database>,
    private options: OutboxOptions,
  ) {
    // A small pool of reused SMTP connections: a burst of messages does not open one connection each.
    const url = new URL(options.smtpUrl);
    if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
    if (!url.searchParams.has("maxConnections")) url.searchParams.set("maxConnections", String(SEND_CONCURRENCY));
    this.transport = nodemailer.createTransport(url.href, { from: options.from });
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Deliver now (after a new message, or "retry now" from the inbox). */
  kick(): void {
    if (!this.stopped) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport.close();
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
          // A full batch means more may be due right away.
          if (count === BATCH) next = 0;
        })
        .catch((error) => log("error", "outbox-cycle-failed", { error: String(error) }))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(next);
        });
    }, ms);
    this.timer.unref();
  }

  /** Sends every row that is due; returns how many were attempted. */
  async deliverDue(): Promise<number> {
    const now = new Date().toISOString();
    const due = await this.db
      .selectFrom("outbox")
      // A row is a message's mail (rendered now) or a report's mail (rendered when queued, ADR 012).
      .leftJoin("messages", "messages.id", "outbox.message_id")
      .selectAll("messages")
      .select(["outbox.id as outbox_id", "outbox.recipients", "outbox.attempts", "outbox.case_id", "outbox.subject", "outbox.body_text", "outbox.body_html"])
      .where("outbox.status", "=", "pending")
      .where("outbox.next_attempt_at", "<=", now)
      .orderBy("outbox.id")
      .limit(BATCH)
      .execute();
    for (let i = 0; i < due.length && !this.stopped; i += SEND_CONCURRENCY) {
      await Promise.all(due.slice(i, i + SEND_CONCURRENCY).map((row) => this.deliver(row)));
    }
    return due.length;
  }

  private async deliver(row: DueRow): Promise<void> {
    const attempts = row.attempts + 1;
    const mail =
      row.id !== null && row.id !== undefined
        ? composeMail(row as Selectable<MessagesTable>, this.options.companyName)
        : { subject: row.subject ?? "", text: row.body_text ?? "", html: row.body_html ?? undefined, replyTo: undefined };
    const ref = row.case_id ? { caseId: row.case_id } : { messageId: row.id, form: row.form };
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: row.recipients,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await this.db
        .updateTable("outbox")
        // A report mail's body may hold a follow-up code: it is not kept once delivered.
        .set({ status: "sent", attempts, sent_at: new Date().toISOString(), last_error: null, ...(row.case_id ? { body_text: null, body_html: null } : {}) })
        .where("id", "=", row.outbox_id)
        .execute();
      log("info", "mail-sent", { ...ref, attempts });
    } catch (error) {
      const failedForGood = isPermanent(error) || attempts >= this.options.maxAttempts;
      const delay = retryDelay(attempts, this.options.retryBaseMs, this.options.retryMaxMs);
      await this.db
        .updateTable("outbox")
        .set({
          status: failedForGood ? "failed" : "pending",
          attempts,
          last_error: String((error as Error).message ?? error).slice(0, 500),
          next_attempt_at: new Date(Date.now() + delay).toISOString(),
        })
        .where("id", "=", row.outbox_id)
        .execute();
      log(failedForGood ? "error" : "warn", failedForGood ? "mail-failed" : "mail-retry", {
        ...ref,
        attempts,
        retryInMs: failedForGood ? undefined : delay,
        error: (error as Error).message,
      });
    }
  }
}
