import type { RouteHandle } from "~/root";
import { VideoFacade } from "~/ui/video-facade";
import { pages } from "~/config/pages";
import { pageMeta } from "~/ui/meta";
import { siteFromMatches, useSite } from "~/config/site-data";
import type { Route } from "./+types/un-click";

export const handle: RouteHandle = { scripts: ["/js/video-facade.js"] };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.unClick, siteFromMatches(matches));
}

export default function UnClick() {
  const { videos } = useSite();
  return (
    <div className="video-page">
      <h1>TU INFORMACIÓN EN UN CLIC</h1>
      <p className="lead">
        Estos videos cortos le muestran cómo consultar su información como trabajador sin desplazarse a nuestras oficinas. Cada video se carga solo cuando usted
        lo reproduce.
      </p>
      <div className="video-grid">
        {videos.unClick.map((video) => (
          <VideoFacade key={video.id} id={video.id} title={video.title} />
        ))}
      </div>
    </div>
  );
}
