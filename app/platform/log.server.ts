/**
 * Structured logs through pino: one JSON line per event, `{time, level, event, …fields}`.
 * Never pass message bodies or visitor values here: no personal data in any line.
 */
import pino from "pino";

type Level = "debug" | "info" | "warn" | "error";

export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

export function log(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  logger[level]({ event, ...fields });
}
