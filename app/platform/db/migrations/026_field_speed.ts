/**
 * Field speed (product rule 42, ADR 023): what real page views measured, without cookies, identifiers
 * or addresses.
 *
 * - vital_views: one row per page view, as received (kept 30 days, for checking and rebuilding the
 *   aggregates); no address, no user agent, no identifier: the route's pattern, never its path.
 * - vital_daily: per Colombian day, route pattern, device class and metric, how many views fell in each
 *   fixed bucket (a histogram). The dashboard reads only this (and vital_daily_targets): its size grows
 *   with days × routes × buckets, never with the number of views. Metric `views` counts the views, in
 *   bucket 0.
 * - vital_daily_targets: per day, route, device and metric (lcp, inp), how many poor views named each
 *   element or interaction target (a CSS selector the browser library builds, cut to 100 characters).
 * Literal values only: this file is frozen once released.
 */
import { sql } from "kysely";
import type { Migration } from "kysely/migration";

export const m026FieldSpeed = (): Migration => ({
  async up(db) {
    await db.schema
      .createTable("vital_views")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("received_at", "text", (c) => c.notNull())
      .addColumn("route", "text", (c) => c.notNull())
      .addColumn("device", "text", (c) => c.notNull().check(sql`device in ('phone', 'tablet', 'desktop')`))
      .addColumn("connection", "text")
      .addColumn("navigation", "text", (c) => c.notNull())
      .addColumn("service_worker", "text", (c) => c.notNull().check(sql`service_worker in ('none', 'controlled', 'cache')`))
      .addColumn("build", "text", (c) => c.notNull())
      .addColumn("lcp", "integer")
      .addColumn("inp", "integer")
      .addColumn("cls", "real")
      .addColumn("fcp", "integer")
      .addColumn("ttfb", "integer")
      .addColumn("lcp_target", "text")
      .addColumn("inp_target", "text")
      .execute();
    await db.schema.createIndex("vital_views_day").on("vital_views").column("day").execute();

    await db.schema
      .createTable("vital_daily")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("route", "text", (c) => c.notNull())
      .addColumn("device", "text", (c) => c.notNull())
      .addColumn("metric", "text", (c) => c.notNull().check(sql`metric in ('views', 'lcp', 'inp', 'cls', 'fcp', 'ttfb')`))
      .addColumn("bucket", "integer", (c) => c.notNull())
      .addColumn("views", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("vital_daily_pk", ["day", "route", "device", "metric", "bucket"])
      .execute();

    await db.schema
      .createTable("vital_daily_targets")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("route", "text", (c) => c.notNull())
      .addColumn("device", "text", (c) => c.notNull())
      .addColumn("metric", "text", (c) => c.notNull().check(sql`metric in ('lcp', 'inp')`))
      .addColumn("target", "text", (c) => c.notNull())
      .addColumn("views", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("vital_daily_targets_pk", ["day", "route", "device", "metric", "target"])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable("vital_daily_targets").execute();
    await db.schema.dropTable("vital_daily").execute();
    await db.schema.dropTable("vital_views").execute();
  },
});
