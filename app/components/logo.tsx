import logoMark from "~/assets/logo-mark.svg";

/** The brand: symbol plus the configured company name as text (so it takes the site font). */
export function Logo({ name, size = 48, className }: { name: string; size?: number; className?: string }) {
  return (
    <span className={`logo ${className ?? ""}`}>
      <img src={logoMark} alt="" width={size} height={size} />
      <span className="logo-name">{name}</span>
    </span>
  );
}
