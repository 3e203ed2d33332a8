const bogota = new Intl.DateTimeFormat("es-CO", {
  timeZone: "America/Bogota",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** dd/mm/aaaa hh:mm in Colombian time (DECISIONS 14). */
export function formatBogota(iso: string | null | undefined): string {
  if (!iso) return "";
  const parts = Object.fromEntries(bogota.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** Start of a Colombian calendar day (aaaa-mm-dd, UTC−5 all year) as an ISO instant. */
export function bogotaDayStart(day: string): string {
  return new Date(`${day}T00:00:00-05:00`).toISOString();
}
