/**
 * The one retention table (app/platform/retention.ts, ADR 019): every kind has a period with its source
 * or is marked for legal review, and the data policy's §17 shows exactly the table's figures, because it
 * is rendered from it.
 */
import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "~/config/site";
import { loadDocument } from "~/features/documents/markdown.server";
import { PURGERS } from "~/composition/retention.server";
import { cutoffFor, deletability, RETENTION } from "~/platform/retention";

const policy = loadDocument("privacidad", defaultSiteConfig);
const section17 = (() => {
  const start = policy.html.indexOf('<h2 id="17-');
  return policy.html
    .slice(start, policy.html.indexOf("<h2", start + 4))
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ");
})();

describe("the retention table", () => {
  it("gives every kind a period with its source, or none and only a review", () => {
    for (const rule of RETENTION) {
      expect(rule.source.length, rule.kind).toBeGreaterThan(20);
      if (rule.period === null) expect(rule.action, rule.kind).toBe("revisar");
      else
        expect(
          Object.values(rule.period).some((n) => n > 0),
          rule.kind,
        ).toBe(true);
    }
    // The kinds the issue names, with the periods the law or the policy sets.
    const byKind = Object.fromEntries(RETENTION.map((r) => [r.kind, r]));
    expect(byKind.mensajes.period).toEqual({ years: 2 });
    expect(byKind.reportes_incidentes.period).toEqual({ years: 20 });
    expect(byKind.reportes_incidentes.source).toContain("Decreto 1072 de 2015, art. 2.2.4.6.13");
    expect(byKind.linea_etica_sagrilaft_ptee.period).toEqual({ years: 10 });
    expect(byKind.linea_etica_sagrilaft_ptee.source).toContain("Ley 962 de 2005, art. 28");
    expect(byKind.auditoria.period).toBeNull();
  });

  it("is applied by the purge for every kind, and nothing else", () => {
    expect([...new Set(PURGERS.map((p) => p.kind))].sort()).toEqual(RETENTION.map((r) => r.kind).sort());
    // A kind split in several purgers is split by owner role: each its own audience (docs/product.md §34).
    for (const kind of RETENTION.map((r) => r.kind)) {
      const of = PURGERS.filter((p) => p.kind === kind);
      if (of.length > 1) expect(new Set(of.map((p) => p.audience ?? "")).size, kind).toBe(of.length);
      // At most one of them without an audience: the part every reader of the purge may know of.
      if (of.length > 1) expect(of.filter((p) => !p.audience).length, kind).toBeLessThanOrEqual(1);
    }
  });

  it("counts periods back by the calendar", () => {
    expect(cutoffFor("2026-11-24T15:00:00.000Z", { years: 2 })).toBe("2024-11-24T15:00:00.000Z");
    expect(cutoffFor("2028-02-29T15:00:00.000Z", { years: 2 })).toBe("2026-03-01T15:00:00.000Z");
    expect(cutoffFor("2026-11-24T15:00:00.000Z", { days: 1 })).toBe("2026-11-23T15:00:00.000Z");
  });
});

describe("the data policy's §17", () => {
  it("shows each kind of the table with its period and source, as the purge applies them", () => {
    for (const rule of RETENTION) {
      expect(section17, rule.kind).toContain(rule.record);
      expect(section17, rule.kind).toContain(`${rule.periodText}.`);
      expect(section17, rule.kind).toContain(rule.source.slice(0, 40));
    }
  });

  it("states no other period for the site's messages", () => {
    expect(section17.match(/Mensajes de los formularios/g)).toHaveLength(1);
    expect(section17).not.toContain("{{");
  });
});

describe("the one deletion rule (product rule 35)", () => {
  const NOW = "2026-11-24T15:00:00.000Z";
  it("lets a message go on request: its period is only the most the site keeps", () => {
    expect(deletability({ kind: "mensajes", label: "el mensaje n.º 1", countsFrom: NOW }, NOW)).toEqual({ deletable: true });
  });
  it("never lets an incident report go: its period counts from the end of the employment, which the site does not know", () => {
    const recent = deletability({ kind: "reportes_incidentes", label: "el reporte AT-2026-000002", countsFrom: "2026-11-10T05:00:00.000Z", open: true }, NOW);
    expect(recent.deletable).toBe(false);
    if (recent.deletable) return;
    expect(recent.reason).toBe(
      "No se suprime el reporte AT-2026-000002: se conserva por obligación legal veinte (20) años desde el fin de la relación laboral del trabajador, fecha que el sitio no conoce; no antes del 10/11/2046 (Decreto 1072 de 2015, art. 2.2.4.6.13, y Resolución 1401 de 2007, art. 4, num. 10). Además está en trámite. La supresión no procede mientras la ley obligue a conservar el dato (Decreto 1377 de 2013, art. 9; Ley 1581 de 2012, art. 15).",
    );
    const old = deletability({ kind: "reportes_incidentes", label: "el reporte AT-2001-000001", countsFrom: "2001-01-10T05:00:00.000Z" }, NOW);
    expect(old.deletable).toBe(false);
  });
  it("keeps a closed request until ten years after its closing, and an open one while it runs", () => {
    const closed = deletability({ kind: "solicitudes_pqrs", label: "la solicitud PQ-2025-000001", countsFrom: "2025-03-01T15:00:00.000Z" }, NOW);
    expect(closed.deletable).toBe(false);
    if (!closed.deletable) expect(closed.until).toBe("diez (10) años desde el cierre de la solicitud, hasta el 01/03/2035");
    expect(deletability({ kind: "solicitudes_pqrs", label: "la solicitud PQ-2015-000001", countsFrom: "2015-03-01T15:00:00.000Z" }, NOW)).toEqual({
      deletable: true,
    });
    expect(
      deletability({ kind: "solicitudes_pqrs", label: "la solicitud PQ-2015-000002", countsFrom: "2015-03-01T15:00:00.000Z", open: true }, NOW).deletable,
    ).toBe(false);
  });
});
