/**
 * Field speed (product rule 42, ADR 023) on the suite's engine: POST /api/vitals on the built server
 * (its refusals, its own limit, never a 5xx, nothing personal stored), the daily aggregates and the staff
 * page's figures on a known set, and the retention of raw rows and aggregates.
 */
import { readFileSync } from "node:fs";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldSpeedReport, startFieldSpeedWarmer, warmFieldSpeed, windowDays } from "~/features/vitals/dashboard.server";
import { rowOf, VitalsBuffer, writeViews } from "~/features/vitals/ingest.server";
import { type Database, openDatabase } from "~/platform/db/database.server";
import { purgeNow } from "~/composition/retention.server";
import { createAccount, signIn } from "../support/accounts";
import { freshDatabaseUrl, query } from "../support/database";
import { freePort, type ServerProcess, startServer } from "../support/server-process";

const BEACON = {
  route: "/nosotros/misionVision",
  device: "phone",
  connection: "4g",
  navigation: "navigate",
  sw: "none",
  build: "abc123",
  lcp: 1800,
  inp: 120,
  cls: 0.02,
  fcp: 900,
  ttfb: 200,
};
const COLUMNS = [
  "build",
  "cls",
  "connection",
  "day",
  "device",
  "fcp",
  "inp",
  "inp_target",
  "lcp",
  "lcp_target",
  "navigation",
  "received_at",
  "route",
  "service_worker",
  "ttfb",
];

describe("POST /api/vitals on the built server", () => {
  let server: ServerProcess;
  let admin = "";
  const post = (body: string | object, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/vitals`, {
      method: "POST",
      headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: server.url, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    const dbUrl = await freshDatabaseUrl("rendimiento");
    server = await startServer({ VITALS_RATE_LIMIT: "40", LOG_LEVEL: "info" }, dbUrl);
    createAccount(dbUrl, "admin@example.com", "admin");
    admin = (await signIn(server.url, "admin@example.com")).cookie;
  });
  afterAll(() => server?.stop());

  it("reads the staff page's closed days in the background from its start", async () => {
    await expect.poll(() => server.output(), { timeout: 15_000 }).toContain('"event":"field-speed-warmed"');
  });

  it("answers a beacon 204 at once, and writes it within the flush interval, with nothing but the measurements", async () => {
    const started = performance.now();
    const answer = await post(BEACON, { "User-Agent": "Mozilla/5.0 (Linux; Android 10) prueba-agente" });
    expect(answer.status).toBe(204);
    expect(await answer.text()).toBe("");
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await post({ ...BEACON, device: "desktop", lcp: 5000, lcpTarget: "main>img.foto-principal" }, { "Content-Type": "application/json" })).status).toBe(
      204,
    );
    let rows: Record<string, unknown>[] = [];
    for (let i = 0; i < 40 && rows.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 150));
      rows = await query(server.databaseUrl, "select * from vital_views order by device desc");
    }
    expect(rows).toHaveLength(2);
    // Exactly these columns: no address, no user agent, no identifier, no path, no cookie.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(COLUMNS);
    expect(rows[0]).toMatchObject({
      route: "/nosotros/misionVision",
      device: "phone",
      lcp: 1800,
      cls: 20,
      service_worker: "none",
      build: "abc123",
      lcp_target: null,
    });
    expect(rows[1]).toMatchObject({ device: "desktop", lcp: 5000, lcp_target: "main>img.foto-principal" });
    const everything = JSON.stringify([
      ...rows,
      ...(await query(server.databaseUrl, "select * from vital_daily")),
      ...(await query(server.databaseUrl, "select * from vital_daily_targets")),
    ]);
    for (const personal of ["127.0.0.1", "::1", "prueba-agente", "Mozilla", "localhost"]) expect(everything).not.toContain(personal);
    expect(answer.headers.get("set-cookie")).toBeNull();
    // The aggregates followed, in the same transaction.
    const views = await query<{ n: number | string }>(server.databaseUrl, "select sum(views) as n from vital_daily where metric = 'views'");
    expect(Number(views[0]?.n)).toBe(2);
    // And the staff page reads them.
    const page = await fetch(`${server.url}/admin/rendimiento`, { headers: { Cookie: admin } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<code>/nosotros/misionVision</code>");
    expect(html).toContain("pocas visitas");
    expect(html).toContain("main&gt;img.foto-principal");
    expect(html).toContain("<svg");
  });

  it("refuses what is not a beacon with a 4xx in JSON, never a 5xx, and stores none of it", async () => {
    const before = await query(server.databaseUrl, "select count(*) as n from vital_views");
    const cases: [string, Response, number][] = [
      ["too big", await post({ ...BEACON, lcpTarget: "a".repeat(2100) }), 413],
      ["not JSON", await post("{no es json"), 400],
      ["an array", await post([BEACON]), 400],
      ["an unknown field", await post({ ...BEACON, ip: "1.2.3.4" }), 400],
      ["a missing field", await post({ ...BEACON, device: undefined }), 400],
      ["a wrong device", await post({ ...BEACON, device: "watch" }), 400],
      ["a negative LCP", await post({ ...BEACON, lcp: -5 }), 400],
      ["an absurd LCP", await post({ ...BEACON, lcp: 1e12 }), 400],
      ["an absurd CLS", await post({ ...BEACON, cls: 500 }), 400],
      ["a string value", await post({ ...BEACON, inp: "rápido" }), 400],
      ["a path with a radicado", await post({ ...BEACON, route: "/admin/reportes/AT-2026-000123" }), 400],
      ["a query string", await post({ ...BEACON, route: "/pqrs?tipo=queja" }), 400],
      ["an unknown route", await post({ ...BEACON, route: "/no-existe" }), 400],
      ["a selector with markup", await post({ ...BEACON, lcpTarget: "<script>alert(1)</script>" }), 400],
      ["another content type", await post(BEACON, { "Content-Type": "application/x-www-form-urlencoded" }), 415],
      ["another site", await post(BEACON, { Origin: "https://evil.example" }), 403],
    ];
    for (const [what, response, status] of cases) {
      expect(response.status, what).toBe(status);
      expect(response.headers.get("content-type"), what).toContain("application/json");
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.message, what).toMatch(/[a-záéíóú]/);
    }
    const get = await fetch(`${server.url}/api/vitals`);
    expect(get.status).toBe(405);
    await new Promise((r) => setTimeout(r, 2500));
    expect(await query(server.databaseUrl, "select count(*) as n from vital_views")).toEqual(before);
  });

  it("has its own per-address limit: 429 with Retry-After past it, and the forms' limit untouched", async () => {
    // 40 per minute here; the earlier tests used 2 accepted and 17 refused posts, all counted.
    let limited: Response | undefined;
    for (let i = 0; i < 45 && !limited; i++) {
      const answer = await post(BEACON);
      if (answer.status === 429) limited = answer;
      else expect(answer.status).toBe(204);
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited?.json()) as { error: { code: string } } | undefined)?.error.code).toBe("limite_de_envios");
    // Nothing about beacons in the database's counters: the limit is in memory, with no address written.
    expect(await query(server.databaseUrl, "select * from rate_limits where key like '%vital%'")).toEqual([]);
    const form = await fetch(`${server.url}/php/contacto`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({
        nombre: "Ana Pérez",
        celular: "3001234567",
        correo: "ana@example.com",
        mensaje: "Quisiera información sobre vacantes.",
        consentimiento: true,
      }),
    });
    expect(form.status).toBe(201);
  });
});

describe("the beacons' limit behind a trusted proxy", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ VITALS_RATE_LIMIT: "3", TRUST_PROXY_HOPS: "1" });
  });
  afterAll(() => server?.stop());
  const post = (from: string, path = "/api/vitals") =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: server.url, "X-Forwarded-For": from },
      body: JSON.stringify(BEACON),
    });

  it("answers the exact path before Express, and counts each visitor's address as the proxy gives it, one count for both ways", async () => {
    // The exact path is answered before Express (no RateLimit headers on its 204, ADR 023); another
    // spelling takes Express's way, whose limiter adds them: both count here.
    const short = await post("203.0.113.5");
    expect(short.status).toBe(204);
    expect(short.headers.get("ratelimit-policy")).toBeNull();
    const long = await post("203.0.113.5", "/api/VITALS");
    expect(long.status).toBe(204);
    expect(long.headers.get("ratelimit-policy")).not.toBeNull();
    expect((await post("203.0.113.5")).status).toBe(204);
    const limited = await post("203.0.113.5");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await post("203.0.113.5", "/api/VITALS")).status).toBe(429);
    // Another visitor behind the same proxy has a count of their own.
    expect((await post("203.0.113.6")).status).toBe(204);
  });
});

describe("the beacon receiver (VITALS_PORT): a process of its own, at a lower priority", () => {
  let server: ServerProcess;
  let receiverUrl = "";
  const post = (body: string | object, headers: Record<string, string> = {}) =>
    fetch(`${receiverUrl}/api/vitals`, {
      method: "POST",
      headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: receiverUrl, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const views = async () => Number((await query<{ n: number | string }>(server.databaseUrl, "select count(*) as n from vital_views"))[0]?.n);
  /** The pid of the receiver that said it listens, the latest first. */
  const receiverPids = () => [...server.output().matchAll(/"event":"vitals-receiver-listening"[^\n]*"pid":(\d+)/g)].map((m) => Number(m[1])).reverse();
  const niceness = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[16]);
  const receiverAnswers = async () => {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100)))
      if ((await fetch(`${receiverUrl}/healthz`).catch(() => undefined))?.status === 200) return;
    throw new Error(`el receptor de mediciones no respondió:\n${server.output()}`);
  };

  beforeAll(async () => {
    const port = await freePort();
    receiverUrl = `http://127.0.0.1:${port}`;
    server = await startServer({ VITALS_PORT: String(port), VITALS_RATE_LIMIT: "5", TRUST_PROXY_HOPS: "1", LOG_LEVEL: "info" });
    await receiverAnswers();
  });
  afterAll(() => server?.stop());

  it("runs niced, answers a beacon 204 and the site's process stores it", async () => {
    const [pid] = receiverPids();
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(server.pid);
    expect(niceness(pid as number)).toBe(10);
    expect(niceness(server.pid)).toBe(0);
    const before = await views();
    const answer = await post(BEACON, { "X-Forwarded-For": "203.0.113.20" });
    expect(answer.status).toBe(204);
    await expect.poll(views, { timeout: 10_000, interval: 100 }).toBe(before + 1);
    const [row] = await query(server.databaseUrl, "select * from vital_views order by received_at desc limit 1");
    expect(Object.keys(row ?? {}).sort()).toEqual(COLUMNS);
    expect(row).toMatchObject({ route: "/nosotros/misionVision", device: "phone", lcp: 1800, build: "abc123" });
  });

  it("refuses what is not a beacon as the site does, answers nothing else, and stores none of it", async () => {
    const before = await views();
    const cases: [string, Response, number][] = [
      ["too big", await post({ ...BEACON, lcpTarget: "a".repeat(2100) }, { "X-Forwarded-For": "203.0.113.21" }), 413],
      ["not JSON", await post("{no es json", { "X-Forwarded-For": "203.0.113.21" }), 400],
      ["an unknown route", await post({ ...BEACON, route: "/no-existe" }, { "X-Forwarded-For": "203.0.113.22" }), 400],
      ["another site", await post(BEACON, { Origin: "https://evil.example", "X-Forwarded-For": "203.0.113.22" }), 403],
      ["another method", await fetch(`${receiverUrl}/api/vitals`), 405],
      ["another path", await fetch(`${receiverUrl}/contacto`), 404],
      ["a form post", await fetch(`${receiverUrl}/php/contacto`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }), 404],
    ];
    for (const [what, response, status] of cases) {
      expect(response.status, what).toBe(status);
      expect(response.headers.get("content-type"), what).toContain("application/json");
      expect(((await response.json()) as { error: { message: string } }).error.message, what).toMatch(/[a-záéíóú]/);
    }
    await new Promise((r) => setTimeout(r, 1000));
    expect(await views()).toBe(before);
  });

  it("has the beacons' own limit per address as the proxy gives it", async () => {
    for (let i = 0; i < 5; i++) expect((await post(BEACON, { "X-Forwarded-For": "203.0.113.30" })).status).toBe(204);
    const limited = await post(BEACON, { "X-Forwarded-For": "203.0.113.30" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await post(BEACON, { "X-Forwarded-For": "203.0.113.31" })).status).toBe(204);
  });

  it("is started again when it dies, and the site goes on meanwhile", async () => {
    const [first] = receiverPids();
    process.kill(first as number, "SIGKILL");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await expect.poll(() => receiverPids()[0], { timeout: 20_000, interval: 100 }).not.toBe(first);
    expect(server.output()).toContain('"event":"vitals-receiver-exited"');
    await receiverAnswers();
    expect(niceness(receiverPids()[0] as number)).toBe(10);
    const before = await views();
    expect((await post(BEACON, { "X-Forwarded-For": "203.0.113.40" })).status).toBe(204);
    await expect.poll(views, { timeout: 10_000, interval: 100 }).toBe(before + 1);
  });

  it("on the site's stop, hands over every view it holds before the database closes; then it is gone too", async () => {
    const [pid] = receiverPids();
    const before = await views();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post(BEACON, { "X-Forwarded-For": `198.51.100.${i + 1}` })));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(204));
    await server.stop();
    expect(await views()).toBe(before + 30);
    const alive = () => {
      try {
        return !readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z");
      } catch {
        return false;
      }
    };
    await expect.poll(alive, { timeout: 5_000, interval: 50 }).toBe(false);
  });
});

describe("the daily aggregates and the staff page's figures", () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    process.env.LOG_LEVEL = "silent";
    db = await openDatabase(await freshDatabaseUrl("rendimiento-agregados"));
  });
  afterAll(() => db?.destroy());

  const NOW = "2026-11-26T17:00:00.000Z";
  const view = (overrides: Partial<typeof BEACON> & { lcpTarget?: string; inpTarget?: string }, at = NOW) =>
    rowOf({ ...BEACON, device: "phone", navigation: "navigate", sw: "none", connection: "4g", ...overrides } as Parameters<typeof rowOf>[0], at);

  it("computes per route and device the 75th percentile, the shares, the views, the trend and the poor views' targets from the histograms", async () => {
    // /contacto on phones, 8 views today: LCP 1.0 … 6.0 s, rank 6 = 3.5 s; INP measured in 4 of them.
    const lcps = [1000, 1500, 2000, 2500, 3000, 3500, 4500, 6000];
    const inps = [50, 150, 450, 900];
    const rows = lcps.map((lcp, i) =>
      view({ route: "/contacto", lcp, inp: inps[i], cls: i < 6 ? 0.05 : 0.3, lcpTarget: i % 2 ? "main>h1" : "main>img.banner", inpTarget: "form>button" }),
    );
    // Two days earlier, a slow day on the same route.
    rows.push(
      view({ route: "/contacto", lcp: 9000 }, "2026-11-24T17:00:00.000Z"),
      view({ route: "/contacto", lcp: 9000, lcpTarget: "main>img.banner" }, "2026-11-24T17:00:00.000Z"),
    );
    // Outside the 28 days: not counted.
    rows.push(view({ route: "/contacto", lcp: 20_000 }, "2026-10-01T17:00:00.000Z"));
    // Home on desktops, fast.
    for (let i = 0; i < 60; i++) rows.push(view({ route: "/", device: "desktop", lcp: 800, inp: 40, cls: 0 }));
    // Written through the buffer in two batches, as the endpoint writes them.
    const buffer = new VitalsBuffer((batch) => writeViews(db, batch), { flushRows: 40, flushMs: 10_000 });
    for (const row of rows) buffer.add(row);
    await buffer.close();
    expect(
      Number(
        (
          await db
            .selectFrom("vital_views")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(71);

    const report = await fieldSpeedReport(db, NOW);
    expect(report.from).toBe("2026-10-30");
    expect(report.to).toBe("2026-11-26");
    expect(report.rows.map((r) => `${r.route} ${r.device}`)).toEqual(["/contacto phone", "/ desktop"]);
    const [contact, home] = report.rows;
    expect(contact?.views).toBe(10);
    expect(contact?.fewViews).toBe(true);
    // 10 views: 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.5, 6.0, 9.0, 9.0 s; rank ⌈7.5⌉ = 8: 6.0 s.
    expect(contact?.metrics.lcp.p75).toBe(6000);
    expect(contact?.metrics.lcp.shares).toEqual({ good: 0.4, "needs-improvement": 0.2, poor: 0.4 });
    // INP: 50, 150, 450, 900 and the 9 s views' 120 twice → rank ⌈4.5⌉ = 5 of 6: 450; CLS: 6 of 0.05, 2 of
    // 0.3 and the 9 s views' 0.02 → rank 8 of 10 = 0.05.
    expect(contact?.metrics.inp).toMatchObject({ p75: 450, measured: 6 });
    expect(contact?.metrics.inp.shares.good).toBeCloseTo(4 / 6);
    expect(contact?.metrics.inp.shares.poor).toBeCloseTo(1 / 6);
    expect(contact?.metrics.cls.p75).toBe(50);
    expect(contact?.metrics.cls.shares.poor).toBeCloseTo(0.2);
    // The trend: 28 points, today's p75 (rank 6 of 8: 3.5 s) last, the 24th's 9 s two days before, none between.
    expect(contact?.trend).toHaveLength(28);
    expect(contact?.trend.at(-1)).toBe(3500);
    expect(contact?.trend.at(-2)).toBeUndefined();
    expect(contact?.trend.at(-3)).toBe(9000);
    // Poor LCP views: 4.5 s (img.banner), 6 s (h1), and the two of 9 s (img.banner, and one without a target).
    expect(contact?.poorTargets.lcp).toEqual({ target: "main>img.banner", views: 2 });
    expect(contact?.poorTargets.inp).toEqual({ target: "form>button", views: 1 });
    expect(home).toMatchObject({ views: 60, fewViews: false, poorTargets: {} });
    expect(home?.metrics.lcp).toMatchObject({ p75: 800, shares: { good: 1, "needs-improvement": 0, poor: 0 } });
  });

  it("reads only the aggregates: the page's figures stand with the raw rows gone", async () => {
    const before = await fieldSpeedReport(db, NOW);
    await db.deleteFrom("vital_views").execute();
    expect(await fieldSpeedReport(db, NOW)).toEqual(before);
  });

  it("keeps raw rows 30 days and the aggregates 13 months (the retention table), counting what the purge removed", async () => {
    await writeViews(db, [
      view({ route: "/" }, "2026-10-20T17:00:00.000Z"),
      view({ route: "/" }, "2026-10-30T17:00:00.000Z"),
      view({ route: "/" }, "2025-10-20T17:00:00.000Z"),
    ]);
    const lines = await purgeNow(db, { dryRun: false, now: NOW });
    expect(lines?.find((l) => l.kind === "rendimiento_visitas")?.purged).toHaveLength(2);
    expect((await db.selectFrom("vital_views").select("day").execute()).map((r) => r.day)).toEqual(["2026-10-30"]);
    const daysLeft = new Set((await db.selectFrom("vital_daily").select("day").execute()).map((r) => r.day));
    expect(daysLeft.has("2025-10-20")).toBe(false);
    expect(daysLeft.has("2026-10-01")).toBe(true);
    expect(lines?.find((l) => l.kind === "rendimiento_agregados")?.purged.length).toBeGreaterThan(0);
  });
});

describe("the staff page's closed days, kept per instance and read in the background", () => {
  // Counts every statement the page's reads send: a read of the window's closed days is three more than today's three.
  let statements = 0;
  let db: Kysely<Database>;
  let base: Kysely<Database>;
  beforeAll(async () => {
    process.env.LOG_LEVEL = "silent";
    base = await openDatabase(await freshDatabaseUrl("rendimiento-cache"));
    db = base.withPlugin({
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    // Eight views of /contacto on phones on each of the window's 28 days, in one statement.
    const days = windowDays(NOW);
    await base
      .insertInto("vital_daily")
      .values(days.map((day) => ({ day, route: "/contacto", device: "phone", metric: "views" as const, bucket: 0, views: 8 })))
      .execute();
  });
  afterAll(() => base?.destroy());

  const NOW = "2026-11-26T17:00:00.000Z";
  const YESTERDAY = "2026-11-25";
  const TODAY = "2026-11-26";
  const at = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
  // Each addition its own row (the key holds a bucket; the views' count sums them all).
  let added = 0;
  const addViews = (day: string, views: number) =>
    base.insertInto("vital_daily").values({ day, route: "/contacto", device: "phone", metric: "views", bucket: ++added, views }).execute();
  /** The page's views for /contacto on phones at `nowIso`, and how many statements its read sent. */
  const read = async (nowIso: string) => {
    statements = 0;
    const report = await fieldSpeedReport(db, nowIso);
    return { views: report.rows.find((r) => r.route === "/contacto")?.views, statements };
  };

  it("is warmed when the instance starts, so the day's first staff read reads only today's rows", async () => {
    const warmer = startFieldSpeedWarmer(db, { now: () => Date.parse(NOW) });
    // stop() waits for the read under way: the one the start began.
    await warmer.stop();
    expect(statements).toBe(3);
    expect(await read(NOW)).toEqual({ views: 28 * 8, statements: 3 });
  });

  it("reads today's rows on every request", async () => {
    await addViews(TODAY, 5);
    expect(await read(at(NOW, 1))).toEqual({ views: 28 * 8 + 5, statements: 3 });
    await addViews(TODAY, 2);
    expect(await read(at(NOW, 2))).toEqual({ views: 28 * 8 + 7, statements: 3 });
  });

  it("shows a closed day's late rows once the hour kept is over, and at the background's refresh before that", async () => {
    await addViews(YESTERDAY, 100);
    // Kept: yesterday's late rows are not read again within the hour.
    expect(await read(at(NOW, 30))).toEqual({ views: 28 * 8 + 7, statements: 3 });
    // Past the hour the closed days are read again.
    expect(await read(at(NOW, 61))).toEqual({ views: 28 * 8 + 107, statements: 6 });
    await addViews(YESTERDAY, 1000);
    expect((await read(at(NOW, 62))).views).toBe(28 * 8 + 107);
    // The background's refresh (before the hour is over) reads them; the staff's next read does not wait for it.
    await warmFieldSpeed(db, at(NOW, 62));
    expect(await read(at(NOW, 63))).toEqual({ views: 28 * 8 + 1107, statements: 3 });
  });

  it("after midnight, waits for the grace minute, then the background reads the new window", async () => {
    // 00:00:30 in Colombia: the last flushes of the day that ended may still land, so nothing is kept.
    const midnight = "2026-11-27T05:00:30.000Z";
    await warmFieldSpeed(db, midnight);
    expect((await read(midnight)).statements).toBe(6);
    const afterGrace = "2026-11-27T05:01:00.000Z";
    statements = 0;
    await warmFieldSpeed(db, afterGrace);
    expect(statements).toBe(3);
    // The window moved a day: the 30th of October left it, the 26th of November (no longer today) is kept.
    expect(await read(at(afterGrace, 1))).toEqual({ views: 27 * 8 + 1100 + 7, statements: 3 });
  });

  it("joins a read under way instead of starting another", async () => {
    const later = "2026-11-27T07:00:00.000Z";
    statements = 0;
    // Past the hour: the background's read and a staff read at the same moment read the closed days once.
    const [, page] = await Promise.all([warmFieldSpeed(db, at(later, 60)), fieldSpeedReport(db, at(later, 60))]);
    expect(statements).toBe(6);
    expect(page.rows[0]?.views).toBe(27 * 8 + 1100 + 7);
  });
});
