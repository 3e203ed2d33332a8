/**
 * A click-to-load video (docs/product.md §9): a local poster and a link to the video. /js/video-facade.js turns
 * the click into a privacy-enhanced embed; without JavaScript the link opens the video in a new tab.
 * Nothing is requested from the provider before the click.
 */
export function VideoFacade({ id, title }: { id: string; title: string }) {
  return (
    <figure className="video">
      <div className="video-frame">
        <a
          className="video-facade"
          href={`https://www.youtube.com/watch?v=${encodeURIComponent(id)}`}
          target="_blank"
          rel="noopener noreferrer"
          data-video-id={id}
          data-video-title={title}
          aria-label={`Reproducir el video: ${title}`}
        >
          <span className="video-play" aria-hidden="true">
            <svg viewBox="0 0 68 48" width="68" height="48" focusable="false">
              <rect width="68" height="48" rx="12" fill="currentColor" />
              <path d="M27 15v18l16-9z" fill="#fff" />
            </svg>
          </span>
        </a>
      </div>
      <figcaption>{title}</figcaption>
    </figure>
  );
}
