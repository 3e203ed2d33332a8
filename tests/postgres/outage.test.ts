/**
 * The database goes away under load: PostgreSQL is stopped while visitors post. Posts get a Spanish
 * 503 with Retry-After (never a 2xx for a message that was not stored), /healthz answers 503; when
 * PostgreSQL is back, /healthz and posts answer 200/201 again and the mail left pending goes out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/database";
import { type PostgresServer, startPostgres } from "../support/postgres";
import { type ServerProcess, startServer } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

const message = (tag: string) => ({
  nombre: "Prueba de caída",
  celular: "300 123 4567",
  correo: "caida@example.org",
  mensaje: `Mensaje ${tag}`,
  consentimiento: true,
});

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`tiempo agotado esperando: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("PostgreSQL stopped during posts", () => {
  let pg: PostgresServer;
  let smtp: SmtpSink;
  let server: ServerProcess;
  let databaseUrl = "";
  beforeAll(async () => {
    pg = await startPostgres({ fast: true });
    databaseUrl = await pg.createDatabase("caida");
    // A slow mail server, so that mail is still pending when the database goes away.
    smtp = await startSmtpSink(0, undefined, () => new Promise((r) => setTimeout(r, 40)));
    server = await startServer(
      {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        FORM_RATE_LIMIT: "1000000",
        MAIL_POLL_MS: "200",
        MAIL_LEASE_MS: "2000",
        MAIL_OUTAGE_SUMMARY_MS: "1000",
        DATABASE_CONNECT_TIMEOUT_MS: "1000",
        DATABASE_STATEMENT_TIMEOUT_MS: "2000",
      },
      databaseUrl,
    );
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await pg?.destroy();
  });

  const post = async (tag: string, form = false) => {
    // A form without JavaScript posts to its own page; the API takes JSON.
    const res = await fetch(`${server.url}${form ? "/contacto" : "/php/contacto"}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": form ? "application/x-www-form-urlencoded" : "application/json", Origin: server.url },
      body: form ? new URLSearchParams({ ...message(tag), consentimiento: "on" }).toString() : JSON.stringify(message(tag)),
    });
    const text = await res.text();
    return { status: res.status, retryAfter: res.headers.get("retry-after"), location: res.headers.get("location"), text };
  };

  it("answers 503 while it is down, never a 2xx for an unstored message, and recovers with the mail", async () => {
    const acknowledged: string[] = [];
    const answers = new Map<number, number>();
    let tag = 0;
    const burst = async (count: number, concurrency: number) => {
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (count-- > 0) {
            const t = `c${tag++}`;
            const answer = await post(t);
            answers.set(answer.status, (answers.get(answer.status) ?? 0) + 1);
            if (answer.status === 201) acknowledged.push(t);
          }
        }),
      );
    };
    await burst(60, 8);
    expect(acknowledged).toHaveLength(60);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    // Down while posts keep coming.
    const during = burst(40, 4);
    await pg.stop();
    await during;
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get("retry-after")).toBeTruthy();
    const down = await post("caido");
    expect(down.status).toBe(503);
    expect(Number(down.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(down.text).error.message).toMatch(/Inténtelo de nuevo/);
    const downForm = await post("caido-formulario", true);
    // The page answers again, with the reason, the phone and what the visitor wrote.
    expect(downForm.status).toBe(503);
    expect(Number(downForm.retryAfter)).toBeGreaterThan(0);
    expect(downForm.text).toContain("No pudimos guardar su mensaje");
    expect(downForm.text).toContain(">Mensaje caido-formulario</textarea>");
    for (const status of answers.keys()) expect([201, 503]).toContain(status);
    await new Promise((r) => setTimeout(r, 1_500));

    // Back: health, posts and the pending mail.
    await pg.start();
    await until(async () => (await fetch(`${server.url}/healthz`)).status === 200, 20_000, "/healthz 200");
    const before = acknowledged.length;
    await burst(20, 4);
    expect(acknowledged.length).toBe(before + 20);

    const stored = await query<{ mensaje: string }>(databaseUrl, "select mensaje from messages");
    const storedTags = new Set(stored.map((r) => r.mensaje));
    expect(acknowledged.filter((t) => !storedTags.has(`Mensaje ${t}`))).toEqual([]);
    expect(stored).toHaveLength(new Set(stored.map((r) => r.mensaje)).size);
    await until(
      async () => Number((await query<{ n: string }>(databaseUrl, "select count(*) as n from outbox where status <> 'sent'"))[0].n) === 0,
      30_000,
      "correo pendiente",
    );
    for (const r of stored)
      expect(
        smtp.mails.some((m) => m.text?.includes(`Mensaje: ${r.mensaje}\n`)),
        r.mensaje,
      ).toBe(true);
    const ids = new Set(smtp.mails.map((m) => m.messageId));
    expect(ids.size).toBe(stored.length);

    const log = server.output();
    const count = (event: string) => log.split("\n").filter((l) => l.includes(`"event":"${event}"`)).length;
    expect(count("outbox-database-outage-started")).toBeLessThanOrEqual(1);
    expect(count("outbox-database-outage-ended")).toBe(count("outbox-database-outage-started"));
    console.log(
      `caída de PostgreSQL: respuestas ${JSON.stringify(Object.fromEntries(answers))}, ${stored.length} guardados, ${smtp.mails.length} correos, ${smtp.mails.length - ids.size} duplicados (mismo Message-ID)`,
    );
  }, 120_000);
});
