/**
 * The company's calendar (product rule 36): the weekdays that count as business days and the office
 * hours, one setting of the site configuration (`calendar` in app/config/site.ts) that every legal clock
 * uses (app/platform/dates.ts) and the pages state. Colombian holidays never count. No imports: the
 * configuration's schema and the date helpers both read it, in the server and in the browser.
 */

export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Opening and closing time, hh:mm, Colombian time. */
export interface OfficeHours {
  opens: string;
  closes: string;
}

export interface BusinessCalendar {
  /** The weekdays that count as business days (Colombian holidays never do). */
  workingDays: Weekday[];
  /** The office hours of a working day; `byDay` gives a day its own. */
  officeHours: OfficeHours & { byDay?: Partial<Record<Weekday, OfficeHours>> };
}

/**
 * The default: the Reglamento Interno de Trabajo's own schedule for the plant staff (art. 23), Monday to
 * Saturday, the stricter reading for the legal terms (a deadline counted with Saturdays comes earlier).
 * Mornings from 7:30; afternoons to 18:00 Monday to Thursday (the article's second line for Thursday says
 * 17:00: the later closing keeps a request that arrives in that hour on its day, the stricter reading);
 * Friday has no afternoon in the article; Saturday 9:00 to 12:00.
 */
export const DEFAULT_CALENDAR: BusinessCalendar = {
  workingDays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday"],
  officeHours: {
    opens: "07:30",
    closes: "18:00",
    byDay: { friday: { opens: "07:30", closes: "12:00" }, saturday: { opens: "09:00", closes: "12:00" } },
  },
};

const DAY_NAMES: Record<Weekday, string> = {
  sunday: "domingo",
  monday: "lunes",
  tuesday: "martes",
  wednesday: "miércoles",
  thursday: "jueves",
  friday: "viernes",
  saturday: "sábado",
};
const WEEK_ORDER: Weekday[] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/** «de lunes a sábado», «lunes, miércoles y viernes»: the working days as a visitor reads them. */
export function workingDaysText(calendar: BusinessCalendar): string {
  const days = WEEK_ORDER.filter((d) => calendar.workingDays.includes(d));
  if (days.length === 0) return "ningún día";
  const first = WEEK_ORDER.indexOf(days[0]);
  const consecutive = days.every((d, i) => WEEK_ORDER.indexOf(d) === first + i);
  if (consecutive && days.length > 2) return `de ${DAY_NAMES[days[0]]} a ${DAY_NAMES[days[days.length - 1]]}`;
  const names = days.map((d) => DAY_NAMES[d]);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} y ${names[names.length - 1]}`;
}

/** «de lunes a sábado, sin los festivos de Colombia»: which days count, as every page says it. */
export const businessDaysText = (calendar: BusinessCalendar) => `${workingDaysText(calendar)}, sin los festivos de Colombia`;

/** The non-working weekdays, for «Si la presenta un sábado, un domingo…». */
export function restDays(calendar: BusinessCalendar): string[] {
  return WEEK_ORDER.filter((d) => !calendar.workingDays.includes(d)).map((d) => DAY_NAMES[d]);
}

/** The office hours of a weekday; undefined when it is not a working day. */
export function hoursOf(calendar: BusinessCalendar, weekday: Weekday): OfficeHours | undefined {
  if (!calendar.workingDays.includes(weekday)) return undefined;
  const own = calendar.officeHours.byDay?.[weekday];
  return own ?? { opens: calendar.officeHours.opens, closes: calendar.officeHours.closes };
}

/** 18:00 → «6:00 p. m.» */
export const hourText = (hhmm: string) => {
  const h = Number(hhmm.slice(0, 2));
  return `${h > 12 ? h - 12 : h === 0 ? 12 : h}:${hhmm.slice(3)} ${h >= 12 ? "p. m." : "a. m."}`;
};

/** «lunes a jueves hasta las 6:00 p. m., viernes y sábado hasta las 12:00 p. m.»: each closing time, grouped. */
export function closingText(calendar: BusinessCalendar): string {
  const groups: { days: Weekday[]; closes: string }[] = [];
  for (const day of WEEK_ORDER) {
    const hours = hoursOf(calendar, day);
    if (!hours) continue;
    const last = groups[groups.length - 1];
    if (last && last.closes === hours.closes && WEEK_ORDER.indexOf(last.days[last.days.length - 1]) === WEEK_ORDER.indexOf(day) - 1) last.days.push(day);
    else groups.push({ days: [day], closes: hours.closes });
  }
  return groups
    .map((g) => {
      const names =
        g.days.length === 1
          ? DAY_NAMES[g.days[0]]
          : g.days.length === 2
            ? `${DAY_NAMES[g.days[0]]} y ${DAY_NAMES[g.days[1]]}`
            : `${DAY_NAMES[g.days[0]]} a ${DAY_NAMES[g.days[g.days.length - 1]]}`;
      return `${names} hasta las ${hourText(g.closes)}`;
    })
    .join(", ");
}
