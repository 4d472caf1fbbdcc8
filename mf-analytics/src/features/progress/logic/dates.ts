/** Month names as every date on the screen shows them ('Nov 22, 2026'). */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An instant (ISO) as the lifter's local day, e.g. 'Nov 22, 2026'; '' when it is no date. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

/** A calendar day (YYYY-MM-DD, a goal's target date) as 'Nov 22, 2026', whatever the time zone. */
export function formatDay(day: string): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00.000Z`);
  if (Number.isNaN(d.getTime())) return day;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}
