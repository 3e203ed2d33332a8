/**
 * The brand: the mark drawn inline (no request before the first paint) plus the configured company
 * name as text. The mark's colours come from CSS tokens so that every part keeps 3:1 contrast against
 * whatever it sits on (WCAG 1.4.11): `tone="on-dark"` for the dark panels of Home, the default tone
 * for the page surfaces, which follows the light or dark colour scheme (base.css, ADR 011).
 */
export function Logo({ name, size = 48, className, tone }: { name: string; size?: number; className?: string; tone?: "on-dark" }) {
  return (
    <span className={["logo", tone === "on-dark" ? "logo-on-dark" : "", className ?? ""].filter(Boolean).join(" ")}>
      <svg className="logo-mark" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
        <path className="logo-mark-accent" d="M16 33Q32 11 48 33" strokeWidth="5.5" />
        <path className="logo-mark-accent" d="M26 42v-10M32 42v-12M38 42v-10" strokeWidth="2.5" />
        <path
          className="logo-mark-figures"
          d="M12 10a6 6 0 1 1 0 12a6 6 0 1 1 0-12zM52 10a6 6 0 1 1 0 12a6 6 0 1 1 0-12zM5 58V31a7 7 0 0 1 14 0v27zM45 58V31a7 7 0 0 1 14 0v27zM18 41h28v5H18z"
        />
      </svg>
      <span className="logo-name">{name}</span>
    </span>
  );
}
