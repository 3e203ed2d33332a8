/** Field speed (ADR 023): buckets, the percentile rule, route patterns and what a beacon becomes as a row. */
import { describe, expect, it, vi } from "vitest";
import { beaconSchema } from "~/features/vitals/beacon";
import { nextWarmDelay } from "~/features/vitals/dashboard.server";
import { aggregatesOf, rowOf, VitalsBuffer } from "~/features/vitals/ingest.server";
import { BUCKET_EDGES, bucketOf, type Histogram, METRICS, percentileOf, sharesOf, THRESHOLDS } from "~/features/vitals/metrics";
import { patternOf, patternsOf } from "~/features/vitals/route-pattern";

const histogramOf = (metric: "lcp" | "inp" | "cls", values: number[]): Histogram => {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(bucketOf(metric, v), (counts.get(bucketOf(metric, v)) ?? 0) + 1);
  return { counts, total: values.length };
};

describe("buckets", () => {
  it("are ascending and hold every threshold as an edge, so each bucket is wholly good, needs improvement or poor", () => {
    for (const metric of METRICS) {
      const edges = BUCKET_EDGES[metric];
      for (let i = 1; i < edges.length; i++) expect(edges[i], metric).toBeGreaterThan(edges[i - 1] as number);
      expect(edges, metric).toContain(THRESHOLDS[metric].good);
      expect(edges, metric).toContain(THRESHOLDS[metric].poor);
    }
  });

  it("put a value in the first bucket whose edge is at least the value", () => {
    expect(BUCKET_EDGES.lcp[bucketOf("lcp", 0)]).toBe(50);
    expect(BUCKET_EDGES.lcp[bucketOf("lcp", 2500)]).toBe(2500);
    expect(BUCKET_EDGES.lcp[bucketOf("lcp", 2501)]).toBe(2600);
    expect(BUCKET_EDGES.inp[bucketOf("inp", 200)]).toBe(200);
    expect(BUCKET_EDGES.inp[bucketOf("inp", 201)]).toBe(225);
    expect(BUCKET_EDGES.cls[bucketOf("cls", 100)]).toBe(100);
    expect(BUCKET_EDGES.cls[bucketOf("cls", 251)]).toBe(260);
    expect(BUCKET_EDGES.lcp[bucketOf("lcp", 60_000)]).toBe(60_000);
  });
});

describe("the 75th percentile (nearest rank on the buckets)", () => {
  it("is the upper edge of the bucket holding the view of rank ⌈0.75·n⌉", () => {
    // 8 views: rank 6 is 3500 ms.
    expect(percentileOf("lcp", histogramOf("lcp", [1000, 1500, 2000, 2500, 3000, 3500, 4500, 6000]))).toBe(3500);
    // 4 views: rank 3 is 2400 ms, in the bucket (2300, 2400].
    expect(percentileOf("lcp", histogramOf("lcp", [900, 2350, 2400, 9000]))).toBe(2400);
    // A value inside a bucket reads as its upper edge: never below the true value, at most one bucket above.
    expect(percentileOf("lcp", histogramOf("lcp", [1234]))).toBe(1300);
    // 5 views: rank ⌈3.75⌉ = 4.
    expect(percentileOf("inp", histogramOf("inp", [40, 80, 120, 160, 600]))).toBe(175);
    expect(percentileOf("cls", histogramOf("cls", [0, 0, 0, 0]))).toBe(10);
    expect(percentileOf("lcp", { counts: new Map(), total: 0 })).toBeUndefined();
  });

  it("gives the shares of good, needs-improvement and poor views by web.dev's thresholds, the limits included in the better rating", () => {
    expect(sharesOf("lcp", histogramOf("lcp", [1000, 2500, 2501, 4000, 4001, 60_000, 100, 3000]))).toEqual({
      good: 3 / 8,
      "needs-improvement": 3 / 8,
      poor: 2 / 8,
    });
    expect(sharesOf("inp", histogramOf("inp", [200, 201, 500, 501]))).toEqual({ good: 0.25, "needs-improvement": 0.5, poor: 0.25 });
    expect(sharesOf("cls", histogramOf("cls", [100, 101, 250, 251]))).toEqual({ good: 0.25, "needs-improvement": 0.5, poor: 0.25 });
  });
});

describe("route patterns", () => {
  const routes = {
    root: { id: "root", path: "" },
    "routes/home": { id: "routes/home", parentId: "root", index: true },
    "routes/nosotros/layout": { id: "routes/nosotros/layout", parentId: "root", path: "nosotros" },
    "routes/nosotros/index": { id: "routes/nosotros/index", parentId: "routes/nosotros/layout", index: true },
    "routes/nosotros/mision": { id: "routes/nosotros/mision", parentId: "routes/nosotros/layout", path: "misionVision" },
    "routes/admin/layout": { id: "routes/admin/layout", parentId: "root", path: "admin" },
    "routes/admin/report": { id: "routes/admin/report", parentId: "routes/admin/layout", path: "reportes/:id" },
    "admin-not-found": { id: "admin-not-found", parentId: "routes/admin/layout", path: "*" },
    "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
  };

  it("are the table's paths joined to their parents'", () => {
    expect([...patternsOf(routes)].sort()).toEqual(["/", "/*", "/admin", "/admin/*", "/admin/reportes/:id", "/nosotros", "/nosotros/misionVision"]);
  });

  it("are what a page computes from its path and params: never the radicado, id or unknown path", () => {
    expect(patternOf("/", {})).toBe("/");
    expect(patternOf("/nosotros/", {})).toBe("/nosotros");
    expect(patternOf("/admin/reportes/AT-2026-000123", { id: "AT-2026-000123" })).toBe("/admin/reportes/:id");
    expect(patternOf("/admin/reportes/17", { id: "17" })).toBe("/admin/reportes/:id");
    expect(patternOf("/no/existe/AT-2026-000123", { "*": "no/existe/AT-2026-000123" })).toBe("/*");
    expect(patternOf("/admin/algo%20raro", { "*": "algo raro" })).toBe("/admin/*");
    for (const pattern of ["/", "/admin/reportes/:id", "/*", "/admin/*"]) expect(patternsOf(routes).has(pattern)).toBe(true);
  });
});

describe("a beacon as a row", () => {
  const beacon = beaconSchema.parse({
    route: "/contacto",
    device: "phone",
    connection: "3g",
    navigation: "navigate",
    sw: "none",
    build: "abc123",
    lcp: 99_999,
    inp: 620.4,
    cls: 0.1234,
    fcp: 1200,
    ttfb: 300,
    lcpTarget: "main>h1#titulo-12345",
    inpTarget: "form>button.enviar",
  });

  it("clamps to the buckets' range, rounds, keeps CLS in thousandths and strips digit runs from targets of poor views only", () => {
    const row = rowOf(beacon, "2026-11-26T04:00:00.000Z");
    expect(row).toEqual({
      day: "2026-11-25",
      received_at: "2026-11-26T04:00:00.000Z",
      route: "/contacto",
      device: "phone",
      connection: "3g",
      navigation: "navigate",
      service_worker: "none",
      build: "abc123",
      lcp: 60_000,
      inp: 620,
      cls: 123,
      fcp: 1200,
      ttfb: 300,
      lcp_target: "main>h1#titulo-#",
      inp_target: "form>button.enviar",
    });
    expect(rowOf({ ...beacon, lcp: 1000, inp: 100 }, "2026-11-26T12:00:00.000Z")).toMatchObject({ lcp_target: null, inp_target: null });
  });

  it("adds one view and one count per measured metric to its day's histograms", () => {
    const rows = [rowOf(beacon, "2026-11-26T12:00:00.000Z"), rowOf({ ...beacon, inp: undefined, lcp: 2400 }, "2026-11-26T12:00:00.000Z")];
    const { histogram, targets } = aggregatesOf(rows);
    const views = histogram.filter((h) => h.metric === "views");
    expect(views).toEqual([{ day: "2026-11-26", route: "/contacto", device: "phone", metric: "views", bucket: 0, views: 2 }]);
    expect(histogram.filter((h) => h.metric === "inp").reduce((n, h) => n + h.views, 0)).toBe(1);
    expect(histogram.filter((h) => h.metric === "lcp").map((h) => [BUCKET_EDGES.lcp[h.bucket], h.views])).toEqual([
      [60_000, 1],
      [2400, 1],
    ]);
    expect(histogram.find((h) => h.metric === "cls")?.views).toBe(2);
    expect(targets.map((t) => [t.metric, t.target, t.views])).toEqual([
      ["lcp", "main>h1#titulo-#", 1],
      ["inp", "form>button.enviar", 1],
    ]);
  });
});

describe("the staff page's background read of the closed days", () => {
  const delayAt = (iso: string) => nextWarmDelay(Date.parse(iso)) / 60_000;
  it("comes back 55 minutes later, before the hour the closed days are kept is over", () => {
    expect(delayAt("2026-11-26T17:00:00.000Z")).toBe(55);
  });
  it("comes right after the grace minute that follows Colombia's midnight (05:00 UTC), whichever is first", () => {
    expect(delayAt("2026-11-27T04:30:00.000Z")).toBe(31);
    expect(delayAt("2026-11-27T04:59:00.000Z")).toBe(2);
    // Inside the grace minute: at its end.
    expect(delayAt("2026-11-27T05:00:30.000Z")).toBe(0.5);
    expect(delayAt("2026-11-27T05:01:00.000Z")).toBe(55);
  });
});

describe("the views' buffer", () => {
  const view = (i: number) =>
    rowOf(
      { route: `/ruta-${i}`, device: "phone", navigation: "navigate", sw: "none", build: "prueba", lcp: 1000 } as Parameters<typeof rowOf>[0],
      "2026-11-27T15:00:00.000Z",
    );

  it("writes a burst in transactions of at most a batch, in order, each after what already waits on the event loop", async () => {
    const events: string[] = [];
    const written: string[] = [];
    const buffer = new VitalsBuffer(
      async (rows) => {
        events.push(`escritura de ${rows.length}`);
        written.push(...rows.map((r) => r.route));
        // A form post's I/O that arrives while the batch is written.
        if (events.length === 2) setImmediate(() => events.push("tarea llegada durante la escritura"));
      },
      { flushRows: 100, flushMs: 60_000 },
    );
    // A form post's I/O, already queued when the burst comes.
    setImmediate(() => events.push("tarea en espera"));
    for (let i = 0; i < 250; i++) buffer.add(view(i));
    await buffer.close();
    expect(events).toEqual(["tarea en espera", "escritura de 100", "tarea llegada durante la escritura", "escritura de 100", "escritura de 50"]);
    expect(written).toEqual(Array.from({ length: 250 }, (_, i) => `/ruta-${i}`));
    expect(buffer.pending).toBe(0);
  });

  it("after a failed write keeps the views and tries again only on its timer, then writes them all", async () => {
    let calls = 0;
    let down = true;
    const stored: string[] = [];
    const buffer = new VitalsBuffer(
      async (rows) => {
        calls += 1;
        if (down) throw new Error("base de datos caída");
        stored.push(...rows.map((r) => r.route));
      },
      // Long enough that no timer fires before the checks just after the failure, however slow the machine.
      { flushRows: 10, flushMs: 1_000 },
    );
    for (let i = 0; i < 10; i++) buffer.add(view(i));
    await vi.waitFor(() => expect(calls).toBe(1));
    // More views while it is down: no write for each of them.
    for (let i = 10; i < 40; i++) buffer.add(view(i));
    await new Promise((r) => setImmediate(r));
    expect(calls).toBe(1);
    expect(buffer.pending).toBe(40);
    down = false;
    await vi.waitFor(() => expect(stored).toHaveLength(40), { timeout: 5_000 });
    expect(stored).toEqual(Array.from({ length: 40 }, (_, i) => `/ruta-${i}`));
  });

  it("on close writes what a write under way left behind", async () => {
    const stored: number[] = [];
    const buffer = new VitalsBuffer(
      async (rows) => {
        await new Promise((r) => setTimeout(r, 20));
        stored.push(rows.length);
      },
      { flushRows: 5, flushMs: 60_000 },
    );
    for (let i = 0; i < 7; i++) buffer.add(view(i));
    await buffer.close();
    expect(stored).toEqual([5, 2]);
  });
});
