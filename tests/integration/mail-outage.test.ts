/**
 * An SMTP outage in the log: one line when it starts, a periodic summary (pending count, next try)
 * while it lasts, one line when it ends — not one warning per message and retry (before: 1,306 lines
 * in 6 s for 500 pending messages). Runs on the suite's engine.
 */
import { describe, expect, it } from "vitest";
import { countRows } from "../support/database";
import { freePort, startServer } from "../support/server-process";
import { startSmtpSink } from "../support/smtp-sink";

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
      const lines = () => server.output().split("\n").filter((l) => l.startsWith("{"));
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
      await new Promise((r) => setTimeout(r, 300));
      expect(events("mail-outage-ended")).toHaveLength(1);
      expect(events("mail-outage-started")).toHaveLength(1);
      expect(await countRows(server.databaseUrl, "outbox", "status = 'sent'")).toBe(total);
      expect(sink.mails).toHaveLength(total);
    } finally {
      await server.stop();
      await smtp.close();
    }
  }, 60_000);
});
