import type { SiteConfig } from "~/config/site";

type Network = SiteConfig["social"]["home"][number];

// Simple geometric glyphs drawn for this site (24×24), currentColor so they follow the theme.
const paths: Record<Network["icon"], string> = {
  facebook: "M13.5 21v-7.5H16l.5-3h-3V8.7c0-.9.3-1.5 1.6-1.5H16.6V4.5a20 20 0 0 0-2.4-.1c-2.4 0-4 1.5-4 4.1v2H7.5v3h2.7V21z",
  instagram:
    "M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2z",
  linkedin:
    "M4 9h3.5v11H4zm1.7-5.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM9.5 9H13v1.6c.5-.9 1.7-1.9 3.5-1.9 3.6 0 4.3 2.4 4.3 5.4V20h-3.5v-5.2c0-1.3 0-2.9-1.8-2.9s-2 1.4-2 2.8V20H9.5z",
  x: "M4 4h4.5l4 5.6L17.3 4H20l-6.3 7.3L20.5 20H16l-4.3-6-5.1 6H4l6.6-7.7z",
  youtube:
    "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z",
  tiktok: "M16.5 3c.3 2.2 1.6 3.6 3.8 3.8v3a7 7 0 0 1-3.8-1.2v6.3A5.9 5.9 0 1 1 10.6 9v3.1a2.8 2.8 0 1 0 2.8 2.8V3z",
};

/** A social-network link whose accessible name says where it goes and that it opens a new tab. */
export function SocialLinks({ networks, className }: { networks: Network[]; className?: string }) {
  return (
    <ul className={`social ${className ?? ""}`}>
      {networks.map((n) => (
        <li key={n.url}>
          <a href={n.url} target="_blank" rel="noopener noreferrer" aria-label={`${n.name} (se abre en una pestaña nueva)`}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d={paths[n.icon]} fill="currentColor" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
