/**
 * What the incident page says about the notices the law asks after an accident: the FURAT to the ARL
 * and the EPS for every accident, the Dirección Territorial of the Ministerio del Trabajo for serious and
 * fatal ones (Decreto 1072 de 2015 art. 2.2.4.1.7), and, apart, the company's stricter practice when the
 * site configuration says it keeps one (accidentNotice.ministryForAll).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { parseSiteConfig } from "~/config/site";

// The islands' registry is a module the Vite build generates; the page's text does not need it.
vi.mock("virtual:islands", () => ({ default: { "report-form": { entry: "/assets/report-form.js", imports: [] } } }));

import Incidente from "~/routes/incidents";

function render(ministryForAll: boolean): string {
  const site = parseSiteConfig({ accidentNotice: { ministryForAll } });
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: () => createElement(Outlet), children: [{ path: "incidente", Component: Incidente as never }] },
  ]);
  const html = renderToStaticMarkup(createElement(Stub, { initialEntries: ["/incidente"], hydrationData: { loaderData: { root: { site } } } }));
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("the incident page and the notice to the Ministerio del Trabajo", () => {
  it("says the law: ARL and EPS for every accident, the Dirección Territorial only if it is serious or fatal", () => {
    const text = render(false);
    expect(text).not.toMatch(/a la ARL, a la EPS y al Ministerio del Trabajo/);
    expect(text).toMatch(
      /reportarlo a la ARL y a la EPS y, si es grave o mortal, también a la Dirección Territorial del Ministerio del Trabajo \(Decreto 1072 de 2015, artículo 2\.2\.4\.1\.7\)/,
    );
    expect(text).not.toMatch(/práctica propia/);
  });

  it("says the company's stricter practice apart, when the configuration keeps one", () => {
    const text = render(true);
    expect(text).toMatch(/si es grave o mortal, también a la Dirección Territorial/);
    expect(text).toMatch(
      /Además de lo que pide la ley, Puente Laboral avisa a la Dirección Territorial del Ministerio del Trabajo todos los accidentes de trabajo, aunque no sean graves: es una práctica propia de la empresa\./,
    );
  });

  it("the configuration refuses a value that is not true or false, naming the field", () => {
    expect(() => parseSiteConfig({ accidentNotice: { ministryForAll: "sí" } })).toThrow(/accidentNotice\.ministryForAll/);
    expect(parseSiteConfig().accidentNotice.ministryForAll).toBe(false);
  });
});
