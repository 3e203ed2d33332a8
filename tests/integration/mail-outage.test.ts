/**
 * An SMTP outage in the log: one line when it starts, a periodic summary (pending count, next try)
 * while it lasts, one line when it ends — not one warning per message and retry (before: 1,306 lines
 * in 6 s for 500 pending messages). And mail after a crash: the server killed (SIGKILL) in the middle
 * of its sends and restarted hands every acknowledged message to SMTP within 30 s of the restart, with
 * the default lease, once each (before: the rows the dead process had claimed waited out their 5-minute
 * lease). Runs on the suite's engine.
 */
import { describe, expect, it } from "vitest";
import { countRows } from "../support/database";
import { freePort, startServer } from "../support/server-process";
import { startSmtpSink } from "../support/smtp-sink";
import { query } from "../support/database";

const message = (i: number) => ({ nombre: "Prueba", celular: "300 123 4567", correo: "p@example.org", mensaje: `Mensaje ${i}`, consentimiento: true });

describe("an SMTP outage in the log", () => {
  it("is logged once, summarised periodically and once when it ends; the mail then goes out", async () => {
    const smtpPort = await freePort();
    const server = await startServer({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_RETRY_BASE_MS: "100",
      MAIL_RETRY_MAX_MS: "400",
      MAIL_POLL_MS: "100",
      MAIL_OUTAGE_SUMMARY_MS: "1000",
      FORM_RATE_LIMIT: "100000",
    });
    const smtp = { close: async () => {} } as { close(): Promise<void>; waitForMails?: (n: number, ms?: number) => Promise<unknown[]> };
    try {
      const total = 200;
      const start = Date.now();
      for (let i = 0; i < total; i += 20) {
        await Promise.all(
          Array.from({ length: 20 }, (_, j) =>
            fetch(`${server.url}/php/contacto`, {
              method: "POST",
              headers: { "Content-Type": "application/json", Origin: server.url },
              body: JSON.stringify(message(i + j)),
            }).then((r) => expect(r.status).toBe(201)),
          ),
        );
      }
      const posted = Date.now();
      await new Promise((r) => setTimeout(r, 3_500));
      const elapsed = Date.now() - start;
      const lines = () =>
        server
          .output()
          .split("\n")
          .filter((l) => l.startsWith("{"));
      const events = (name: string) => lines().filter((l) => JSON.parse(l).event === name);
      expect(events("mail-outage-started")).toHaveLength(1);
      const started = JSON.parse(events("mail-outage-started")[0]);
      expect(started.level).toBe("warn");
      expect(started.error).toMatch(/ECONNREFUSED/);
      const summaries = events("mail-outage-ongoing").map((l) => JSON.parse(l));
      expect(summaries.length).toBeGreaterThanOrEqual(2);
      // One a second at most (MAIL_OUTAGE_SUMMARY_MS), whatever the number of messages.
      expect(summaries.length).toBeLessThanOrEqual(Math.ceil(elapsed / 1000));
      expect(summaries.at(-1).pending).toBe(total);
      expect(summaries.at(-1).nextTryAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(events("mail-retry")).toHaveLength(0);
      // Everything the outbox wrote while SMTP was down, for 200 pending messages over 3.5 s (read from the
      // same lines as the summaries; the start's own notices, such as a missing ETHICS_KEY, are not the outbox's).
      const snapshot = lines().map((l) => JSON.parse(l));
      const summariesNow = snapshot.filter((l) => l.event === "mail-outage-ongoing").length;
      const warnings = snapshot.filter((l) => ["warn", "error"].includes(l.level) && l.event !== "startup-notice");
      expect(warnings.length).toBe(1 + summariesNow);
      console.log(`caída de SMTP: ${total} mensajes en ${posted - start} ms; ${warnings.length} líneas de aviso en ${elapsed} ms`);

      const sink = await startSmtpSink(smtpPort);
      Object.assign(smtp, sink);
      const up = Date.now();
      await sink.waitForMails(total, 30_000);
      console.log(`correo entregado ${Date.now() - up} ms después de volver el SMTP`);
      // The sink has a mail once SMTP accepted it; the sender records it sent just after.
      await expect.poll(() => countRows(server.databaseUrl, "outbox", "status = 'sent'"), { timeout: 10_000 }).toBe(total);
      await expect.poll(() => events("mail-outage-ended").length, { timeout: 10_000 }).toBe(1);
      expect(events("mail-outage-started")).toHaveLength(1);
      expect(sink.mails).toHaveLength(total);
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});

describe("mail after a crash", () => {
  it("after kill -9 mid-send and a restart, every acknowledged message reaches SMTP within 30 s, once", async () => {
    const total = 30;
    let holding = true;
    let held = 0;
    const waiting: (() => void)[] = [];
    // While `holding`, the sink keeps each delivery open (the sender is mid-send when it dies), then
    // refuses it: it never arrived, as a real server would not have accepted it either.
    const smtp = await startSmtpSink(0, undefined, async () => {
      if (!holding) return;
      held += 1;
      await new Promise<void>((resolve) => waiting.push(resolve));
      throw new Error("el remitente murió");
    });
    const env = {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      FORM_RATE_LIMIT: "100000",
      MAIL_POLL_MS: "200",
      MAIL_RETRY_BASE_MS: "200",
      MAIL_RETRY_MAX_MS: "1000",
    };
    const first = await startServer(env);
    let second: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      const post = (i: number) =>
        fetch(`${first.url}/php/contacto`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: first.url },
          body: JSON.stringify(message(i)),
        });
      const statuses = await Promise.all(Array.from({ length: total }, (_, i) => post(i).then((r) => r.status)));
      expect(statuses).toEqual(Array(total).fill(201));
      // The outbox has claimed rows and a send is open at the sink.
      for (const deadline = Date.now() + 15_000; held < 1;) {
        if (Date.now() > deadline) throw new Error(`envíos en curso: ${held}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const leased = await query<{ n: number | string }>(first.databaseUrl, "select count(*) as n from outbox where locked_until is not null");
      expect(Number(leased[0].n)).toBeGreaterThanOrEqual(1);
      await first.kill();
      holding = false;
      for (const release of waiting) release();
      second = await startServer(env, first.databaseUrl);
      const restarted = Date.now();
      await smtp.waitForMails(total, 30_000);
      const elapsed = Date.now() - restarted;
      console.log(`correo tras kill -9 y reinicio: ${total} mensajes entregados ${elapsed} ms después del reinicio`);
      expect(elapsed).toBeLessThan(30_000);
      await new Promise((r) => setTimeout(r, 500));
      const ids = smtp.mails.map((m) => m.messageId);
      expect(new Set(ids).size).toBe(total);
      expect(ids).toHaveLength(total);
      await expect.poll(() => countRows(first.databaseUrl, "outbox", "status = 'sent'"), { timeout: 10_000 }).toBe(total);
    } finally {
      holding = false;
      for (const release of waiting) release();
      await second?.stop();
      await first.kill();
      await smtp.close();
    }
  }, 120_000);
});
