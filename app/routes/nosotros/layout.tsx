import { Outlet, useLocation } from "react-router";
import bannerFooter from "~/assets/banner-footer.svg";
// Above the fold: written into the page (a data: URI) so the first paint waits for no request.
import bannerHeader from "~/assets/banner-header.svg?inline";
import { SiteFrame } from "~/ui/site-frame";
import { nosotrosMenu, pages } from "~/config/pages";
import type { RouteHandle } from "~/root";

/** Every about-us page inlines the section's styles; its documents add theirs. */
export const handle: RouteHandle = { styles: ["nosotros"] };

/** About-us layout: banner header, left menu, content, empty right sidebar, banner footer. */
export default function NosotrosLayout() {
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, "").toLowerCase();
  const isCurrent = (path: string) => current === path.toLowerCase();
  return (
    <SiteFrame>
      <div className="nosotros">
        <img className="nosotros-banner nosotros-banner-header" src={bannerHeader} alt="" width={1600} height={240} />
        <div className="nosotros-body">
          <details className="nosotros-menu">
            <summary>Menú de la sección Nosotros</summary>
            <nav aria-label="Nosotros">
              <p className="nosotros-menu-title">
                <a href={pages.nosotros.path} aria-current={isCurrent(pages.nosotros.path) ? "page" : undefined}>
                  NOSOTROS
                </a>
              </p>
              <ul>
                {nosotrosMenu.map((item) => {
                  const path = pages[item.page].path;
                  return (
                    <li key={path}>
                      <a href={path} aria-current={isCurrent(path) ? "page" : undefined}>
                        {item.label}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </nav>
          </details>
          <main className="nosotros-content">
            <Outlet />
          </main>
          <div className="nosotros-aside" />
        </div>
        <img className="nosotros-banner nosotros-banner-footer" src={bannerFooter} alt="" width={1600} height={160} loading="lazy" />
      </div>
    </SiteFrame>
  );
}
