/**
 * The beacon a page view sends (ADR 023), checked with one zod schema: a fixed shape, no field that
 * could carry a person (no path, query, identifier or free text but the element selectors, which are cut
 * and stripped of runs of digits). Values are measurements in the browser's units (ms; CLS as a fraction).
 */
import * as z from "zod/mini";
import { ABSURD_ABOVE, DEVICES, type MetricName } from "./metrics";

const timing = (metric: MetricName) => z.optional(z.number().check(z.minimum(0), z.maximum(ABSURD_ABOVE[metric])));

export const NAVIGATION_TYPES = ["navigate", "reload", "back-forward", "back-forward-cache", "prerender", "restore"] as const;
export const CONNECTIONS = ["slow-2g", "2g", "3g", "4g"] as const;
export const SERVICE_WORKER_STATES = ["none", "controlled", "cache"] as const;

/** A route pattern as the site's routes write it: `/`, `/nosotros/misionVision`, `/admin/reportes/:id`, `/*`. */
const ROUTE_PATTERN = /^\/[A-Za-z0-9._~:*/-]{0,99}$/;
/** A CSS selector as web-vitals' attribution builds it (tags, ids, classes, child combinators). */
const SELECTOR = /^[\w\s#.>:()[\]="'*+~,-]{1,300}$/;

export const beaconSchema = z.strictObject({
  route: z.string().check(z.regex(ROUTE_PATTERN)),
  device: z.enum(DEVICES),
  connection: z.optional(z.enum(CONNECTIONS)),
  navigation: z.enum(NAVIGATION_TYPES),
  sw: z.enum(SERVICE_WORKER_STATES),
  build: z.string().check(z.regex(/^[a-z0-9]{1,16}$/)),
  lcp: timing("lcp"),
  inp: timing("inp"),
  // CLS is a unitless score; ABSURD_ABOVE holds it in thousandths.
  cls: z.optional(z.number().check(z.minimum(0), z.maximum(ABSURD_ABOVE.cls / 1000))),
  fcp: timing("fcp"),
  ttfb: timing("ttfb"),
  lcpTarget: z.optional(z.string().check(z.regex(SELECTOR))),
  inpTarget: z.optional(z.string().check(z.regex(SELECTOR))),
});

export type Beacon = z.infer<typeof beaconSchema>;

/** A selector as stored: runs of two or more digits (a generated id, never a tag like h1) become `#`, at most 100 characters. */
export const storedTarget = (selector: string | undefined) => (selector ? selector.replace(/\d{2,}/g, "#").slice(0, 100) : null);
