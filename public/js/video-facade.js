// Click-to-load videos (DECISIONS 9): the provider is contacted only after the visitor's click,
// through its privacy-enhanced domain.
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[data-video-id]") : null;
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  const iframe = document.createElement("iframe");
  iframe.src = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(link.dataset.videoId)}?autoplay=1&rel=0`;
  iframe.title = link.dataset.videoTitle || "Video";
  iframe.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
  iframe.allowFullscreen = true;
  iframe.referrerPolicy = "strict-origin-when-cross-origin";
  link.replaceWith(iframe);
  iframe.focus();
});
// Loaded right after the first paint (ADR 011): until then a click opens the video in a new tab.
// The page scripts' one convention: <html data-NAME="listo"> once the listeners are set.
document.documentElement.dataset.videos = "listo";
