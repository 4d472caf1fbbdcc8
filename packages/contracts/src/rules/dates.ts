// Dates as every screen shows them: 'Nov 22, 2026', 'Mon, Nov 23, 2026', in the device's time zone, in the
// English of the rest of the app's text. Written from the Date's own fields rather than with Intl: the first Intl
// date format of a page loads the locale's ICU data, 20-30 ms of main thread on a desktop CPU and several times
// that on a phone, on the dashboard's first render (issue #21, Lighthouse TBT); the charts format 30,000 labels.

/** Month names as every date on the screen shows them ('Nov 22, 2026'). */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** Day names, Sunday first (Date#getDay). */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const valid = (d: Date) => !Number.isNaN(d.getTime());

/** An instant (ISO) as the lifter's local day, e.g. 'Nov 22, 2026'; '' when it is no date. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (!valid(d)) return '';
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

/** An instant (ISO) as the lifter's local day with its weekday, e.g. 'Mon, Nov 23, 2026'; '' when it is no date. */
export function formatDateWithWeekday(iso: string): string {
  const d = new Date(iso);
  if (!valid(d)) return '';
  return `${WEEKDAYS[d.getDay()]}, ${formatDate(iso)}`;
}

/** A calendar day (YYYY-MM-DD, a goal's target date) as 'Nov 22, 2026', whatever the time zone. */
export function formatDay(day: string): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00.000Z`);
  if (!valid(d)) return day;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}
