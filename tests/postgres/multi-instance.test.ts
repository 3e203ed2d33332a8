/**
 * Several instances on one PostgreSQL (docs/product.md §24), under faults: three production servers started
 * together on an empty database (migrated once), round-robin posts at concurrency 32, one instance
 * killed with SIGKILL mid-load and restarted. Afterwards every message that got a 2xx is stored once
 * and mailed; duplicates are counted by Message-ID. Plus: a mail whose sender dies mid-send goes out
 * from another instance once the lease runs out; with the default lease (short, renewed while a send
 * runs), every acknowledged message reaches SMTP within 30 s of a kill -9; and the form rate limit is
 * shared by the instances.
 */
import type { ParsedMail } from "mailparser";
import { migrationsFor } from "~/platform/db/migrations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/database";
import { type PostgresServer, startPostgres } from "../support/postgres";
import { type ServerProcess, startServer } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres({ fast: true });
});
afterAll(() => pg?.destroy());

const message = (tag: string) => ({
  nombre: "Prueba de instancias",
  celular: "300 123 4567",
  correo: "carga@example.org",
  mensaje: `Mensaje ${tag}`,
  consentimiento: true,
});

async function post(server: ServerProcess, tag: string): Promise<number> {
  try {
    const res = await fetch(`${server.url}/php/contacto`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify(message(tag)),
      signal: AbortSignal.timeout(15_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0; // refused or reset: the instance is down
  }
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`tiempo agotado esperando: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("three instances, one killed mid-load", () => {
  let smtp: SmtpSink;
  const servers: ServerProcess[] = [];
  let databaseUrl = "";
  let env: Record<string, string> = {};
  beforeAll(async () => {
    smtp = await startSmtpSink();
    databaseUrl = await pg.createDatabase("varias");
    env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, FORM_RATE_LIMIT: "1000000", MAIL_LEASE_MS: "10000", MAIL_POLL_MS: "200", LOG_LEVEL: "warn" };
    // Started together on an empty database: the migrations run once, under the advisory lock.
    servers.push(...(await Promise.all([0, 1, 2].map(() => startServer(env, databaseUrl)))));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await smtp?.close();
  });

  it("migrated once", async () => {
    const rows = await query<{ name: string }>(databaseUrl, "select name from kysely_migration order by name");
    // Every migration once, in order, whichever instance ran them.
    expect(rows.map((r) => r.name)).toEqual(Object.keys(migrationsFor("postgres")).sort());
  });

  it("every acknowledged message is stored once and mailed", async () => {
    const total = 900;
    const concurrency = 32;
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    let restarted: Promise<void> | undefined;
    const worker = async (lane: number) => {
      for (;;) {
        const i = next++;
        if (i >= total) return;
        if (i === Math.floor(total / 3) && !killed) {
          killed = true;
          const victim = servers[1];
          await victim.kill();
          // Back after a moment, on the same port, as a supervisor would restart it.
          restarted = new Promise((r) => setTimeout(r, 1_500)).then(async () => {
            servers[1] = await startServer({ ...env, PORT: String(victim.port) }, databaseUrl);
          });
        }
        const tag = `n${i}`;
        const status = await post(servers[(i + lane) % 3], tag);
        if (status >= 200 && status < 300) acknowledged.push(tag);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, (_, lane) => worker(lane)));
    await restarted;

    // Stored once each; nothing acknowledged is missing.
    const stored = await query<{ mensaje: string; n: string }>(databaseUrl, "select mensaje, count(*) as n from messages group by mensaje");
    const storedCount = new Map(stored.map((r) => [r.mensaje, Number(r.n)]));
    expect([...storedCount.values()].filter((n) => n > 1)).toEqual([]);
    const missing = acknowledged.filter((tag) => !storedCount.has(`Mensaje ${tag}`));
    expect(missing).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(total * 0.6);

    // Mailed: every stored message reaches the SMTP sink (the killed instance's leases run out first).
    await until(
      async () => Number((await query<{ n: string }>(databaseUrl, "select count(*) as n from outbox where status <> 'sent'"))[0].n) === 0,
      60_000,
      "correo pendiente",
    );
    await until(async () => new Set(smtp.mails.map((m) => m.messageId)).size >= stored.length, 20_000, "correos en el buzón");
    const perMessage = new Map<string, number>();
    for (const mail of smtp.mails) perMessage.set(mail.text ?? "", (perMessage.get(mail.text ?? "") ?? 0) + 1);
    const byId = new Map<string, ParsedMail[]>();
    for (const mail of smtp.mails) byId.set(mail.messageId ?? "", [...(byId.get(mail.messageId ?? "") ?? []), mail]);
    const duplicates = [...byId.values()].filter((copies) => copies.length > 1);
    for (const tag of acknowledged) {
      expect(
        smtp.mails.some((m) => m.text?.includes(`Mensaje: Mensaje ${tag}\n`)),
        tag,
      ).toBe(true);
    }
    // Each copy of a message has the same Message-ID, so a duplicate (only possible when the kill fell
    // between SMTP's acceptance and the commit) is recognisable. The killed instance can have at most one
    // claim (12 rows) in that window; double claiming would show up as many more.
    expect(byId.size).toBe(stored.length);
    expect(duplicates.length).toBeLessThanOrEqual(12);
    console.log(
      `varias instancias: ${total} envíos, ${acknowledged.length} con 2xx, ${stored.length} guardados, ${smtp.mails.length} correos, ${duplicates.length} duplicados (mismo Message-ID)`,
    );
  });
});

describe("a mail whose sender dies mid-send", () => {
  it("goes out once from another instance after the lease", async () => {
    const databaseUrl = await pg.createDatabase("arriendo");
    let release: (() => void) | undefined;
    let held = 0;
    // The first delivery is held open until its sender has been killed, then refused: it never arrived.
    const smtp = await startSmtpSink(0, undefined, async () => {
      held += 1;
      if (held === 1) {
        await new Promise<void>((r) => (release = r));
        throw new Error("el remitente murió");
      }
    });
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_LEASE_MS: "2000", MAIL_POLL_MS: "200", LOG_LEVEL: "warn" };
    const first = await startServer(env, databaseUrl);
    let second: ServerProcess | undefined;
    try {
      expect(await post(first, "arriendo")).toBe(201);
      await until(async () => held === 1, 10_000, "envío en curso");
      await first.kill();
      release?.();
      second = await startServer(env, databaseUrl);
      const [mail] = await smtp.waitForMails(1, 20_000);
      expect(mail.text).toContain("Mensaje arriendo");
      type OutboxRow = { id: number; received_at: string; status: string; attempts: number };
      const outboxRow = async () =>
        (await query<OutboxRow>(databaseUrl, "select m.id, m.received_at, o.status, o.attempts from messages m join outbox o on o.message_id = m.id"))[0];
      // The sink has the mail once SMTP accepted it; the sender marks it sent just after, on its own time.
      await until(async () => (await outboxRow()).status === "sent", 10_000, "envío marcado");
      const row = await outboxRow();
      expect(row.status).toBe("sent");
      expect(row.attempts).toBe(2);
      expect(mail.messageId).toBe(`<mensaje-${row.id}-${Date.parse(row.received_at)}@example.com>`);
      await new Promise((r) => setTimeout(r, 2_500));
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await second?.stop();
      await smtp.close();
    }
  });
});

describe("mail after a kill -9, with the default lease", () => {
  it("every acknowledged message reaches SMTP within 30 s of the kill, once, from the instances left", async () => {
    const databaseUrl = await pg.createDatabase("latido");
    const total = 30;
    let holding = true;
    let held = 0;
    const waiting: (() => void)[] = [];
    // While `holding`, each delivery stays open at the sink (every instance is mid-send), then is refused:
    // it never arrived. No MAIL_LEASE_MS here: the default lease is what is measured.
    const smtp = await startSmtpSink(0, undefined, async () => {
      if (!holding) return;
      held += 1;
      await new Promise<void>((resolve) => waiting.push(resolve));
      throw new Error("el remitente murió");
    });
    const env = {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      FORM_RATE_LIMIT: "1000000",
      MAIL_POLL_MS: "200",
      MAIL_RETRY_BASE_MS: "200",
      MAIL_RETRY_MAX_MS: "1000",
      LOG_LEVEL: "warn",
    };
    const servers = await Promise.all([0, 1, 2].map(() => startServer(env, databaseUrl)));
    try {
      // One message at a time until each instance holds one open send (an instance holding one claims no more).
      for (let i = 0; i < 3; i++) {
        expect(await post(servers[i], `latido${i}`)).toBe(201);
        await until(async () => held >= i + 1, 15_000, `envío abierto ${i + 1}`);
      }
      // The rest waits in the outbox, behind the open sends.
      for (let i = 3; i < total; i++) expect(await post(servers[i % 3], `latido${i}`)).toBe(201);
      await servers[1].kill();
      const killed = Date.now();
      holding = false;
      for (const release of waiting) release();
      await until(async () => new Set(smtp.mails.map((m) => m.text)).size >= total, 30_000, "correo de todos los mensajes");
      const elapsed = Date.now() - killed;
      console.log(`correo tras kill -9 (tres instancias, arriendo por defecto): ${total} mensajes en el SMTP ${elapsed} ms después`);
      expect(elapsed).toBeLessThan(30_000);
      for (let i = 0; i < total; i++)
        expect(
          smtp.mails.some((m) => m.text?.includes(`Mensaje: Mensaje latido${i}\n`)),
          `latido${i}`,
        ).toBe(true);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(smtp.mails).toHaveLength(total);
      expect(new Set(smtp.mails.map((m) => m.messageId)).size).toBe(total);
    } finally {
      holding = false;
      for (const release of waiting) release();
      await Promise.all(servers.map((s) => s.stop()));
      await smtp.close();
    }
  }, 120_000);
});

describe("the form rate limit is shared", () => {
  it("three instances still allow only FORM_RATE_LIMIT posts per address per minute", async () => {
    const databaseUrl = await pg.createDatabase("limite");
    const servers = await Promise.all([0, 1, 2].map(() => startServer({ FORM_RATE_LIMIT: "5", LOG_LEVEL: "warn" }, databaseUrl)));
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) statuses.push(await post(servers[i % 3], `limite${i}`));
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      const [{ n }] = await query<{ n: string }>(databaseUrl, "select count(*) as n from messages");
      expect(Number(n)).toBe(5);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
});
