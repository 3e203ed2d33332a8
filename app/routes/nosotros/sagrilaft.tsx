import { useLoaderData } from "react-router";
import type { RouteHandle } from "~/root";
import { VideoFacade } from "~/ui/video-facade";
import { getSiteConfig } from "~/config/site.server";
import { pages } from "~/config/pages";
import { loadDocument } from "~/features/documents/markdown.server";
import { pageMeta } from "~/ui/meta";
import { siteFromMatches, useSite } from "~/config/site-data";
import type { Route } from "./+types/sagrilaft";

export const handle: RouteHandle = { scripts: ["/js/video-facade.js"], styles: ["document"] };

export function loader() {
  const site = getSiteConfig();
  return { sagrilaft: loadDocument("sagrilaft", site), ptee: loadDocument("ptee", site) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.sagrilaft, siteFromMatches(matches));
}

export default function Sagrilaft() {
  const { sagrilaft, ptee } = useLoaderData<typeof loader>();
  const { videos } = useSite();
  return (
    <div className="video-page">
      <h1>{pages.sagrilaft.title}</h1>
      {[
        { doc: sagrilaft, video: videos.sagrilaft, id: "sagrilaft" },
        { doc: ptee, video: videos.ptee, id: "ptee" },
      ].map(({ doc, video, id }) => (
        <section key={id} className="video-section" aria-labelledby={`${id}-titulo`}>
          <h2 id={`${id}-titulo`}>{doc.meta.title}</h2>
          <div className="video-section-body">
            <VideoFacade id={video.id} title={video.title} />
            <div className="prose" dangerouslySetInnerHTML={{ __html: doc.html }} />
          </div>
        </section>
      ))}
    </div>
  );
}
