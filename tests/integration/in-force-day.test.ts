/**
 * "Cambios vigentes" take effect on their own day (product rule 37, ADR 022), against the built server:
 * the regulations were prerendered today with the Sunday surcharge at 90 % and its 100 % step waiting for
 * 1 July 2027. Until that day the page is served as built; on that day (IN_FORCE_TODAY, the server's
 * clock for the steps) the same build renders it on request with 100 % as the step that applies, and 90 %
 * only among the earlier ones. No rebuild in between.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServer } from "../support/server-process";

const PAGE = "/nosotros/reglamentoInterno";
let built: ServerProcess;
let stepDay: ServerProcess;
let dayBefore: ServerProcess;

beforeAll(async () => {
  [built, stepDay, dayBefore] = await Promise.all([
    startServer({}),
    startServer({ IN_FORCE_TODAY: "2027-07-01" }),
    startServer({ IN_FORCE_TODAY: "2027-06-30" }),
  ]);
});
afterAll(async () => {
  await Promise.all([built?.stop(), stepDay?.stop(), dayBefore?.stop()]);
});

/** A row's groups of one term: its text and whether the page shows it (not `hidden`). */
function groups(html: string, rowId: string, term: string) {
  const start = html.indexOf(`id="cambio-${rowId}"`);
  expect(start, rowId).toBeGreaterThan(-1);
  const row = html.slice(start, html.indexOf("</li>", start));
  return [...row.matchAll(/<div([^>]*)><dt>([^<]*)<\/dt><dd>([\s\S]*?)<\/dd><\/div>/g)]
    .filter((m) => m[2] === term)
    .map((m) => ({ shown: !/\shidden(=""|\s|$)/.test(m[1]), text: m[3].replace(/<[^>]+>/g, "").replace(/\u00a0/g, " ") }));
}

async function get(server: ServerProcess) {
  const res = await fetch(server.url + PAGE);
  expect(res.status).toBe(200);
  return { html: await res.text(), renderedOnRequest: res.headers.has("x-request-id"), csp: res.headers.get("content-security-policy") ?? "" };
}

describe("the Sunday surcharge's 100 % step (1 July 2027)", () => {
  it("before its day: the built page, 90 % applies and 100 % is the next change", async () => {
    for (const server of [built, dayBefore]) {
      const { html, renderedOnRequest } = await get(server);
      expect(renderedOnRequest).toBe(false);
      const applies = groups(html, "recargo-dominical", "Aplica hoy");
      expect(applies.filter((g) => g.shown).map((g) => g.text)).toEqual([expect.stringMatching(/^Recargo del 90 %/)]);
      // The later state is in the page already, hidden until its date (for a copy read on that day).
      expect(applies.filter((g) => !g.shown).map((g) => g.text)).toEqual([expect.stringMatching(/^Recargo del 100 %/)]);
      expect(groups(html, "recargo-dominical", "Próximo cambio").find((g) => g.shown)?.text).toMatch(/^Desde el 01\/07\/2027: Recargo del 100 %/);
      expect(html).toContain('data-in-force-valid-until="2027-07-01"');
    }
  });

  it("on its day, without a rebuild: rendered on request, 100 % applies, 90 % is an earlier step, no step waits", async () => {
    const { html, renderedOnRequest, csp } = await get(stepDay);
    expect(renderedOnRequest).toBe(true);
    const applies = groups(html, "recargo-dominical", "Aplica hoy");
    expect(applies).toEqual([{ shown: true, text: expect.stringMatching(/^Recargo del 100 %/) }]);
    expect(groups(html, "recargo-dominical", "Desde")).toEqual([{ shown: true, text: "01/07/2027" }]);
    expect(groups(html, "recargo-dominical", "Etapas anteriores")[0].text).toMatch(/Desde el 01\/07\/2026: Recargo del 90 %/);
    expect(groups(html, "recargo-dominical", "Próximo cambio")).toEqual([]);
    // Nothing in the page is 90 % as the step that applies.
    expect(html).not.toMatch(/<dt>Aplica hoy<\/dt><dd>Recargo del 90/);
    // Its inline site script and styles are still allowed: the policy of a page rendered on request.
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).toMatch(/style-src 'self' 'sha256-/);
  });

  it("other pages without dated steps stay as built", async () => {
    const res = await fetch(stepDay.url + "/nosotros/misionVision");
    expect(res.status).toBe(200);
    expect(res.headers.has("x-request-id")).toBe(false);
  });
});
