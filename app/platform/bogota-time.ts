/**
 * dd/mm/aaaa hh:mm in Colombian time (product decision 14), in a module of its own so that a form island
 * can show a time without bundling the holiday tables of dates.ts, which re-exports it.
 */
const bogota = new Intl.DateTimeFormat("es-CO", {
  timeZone: "America/Bogota",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** dd/mm/aaaa hh:mm in Colombian time. */
export function formatBogota(iso: string | null | undefined): string {
  if (!iso) return "";
  const parts = Object.fromEntries(bogota.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
