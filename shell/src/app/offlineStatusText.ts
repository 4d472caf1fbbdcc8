/** What the offline status says (issue #17): that the app is offline, and how old the data on screen is. */
export function offlineStatusText(lastUpdatedAt: number | undefined, now: Date, locale?: string): string {
  if (lastUpdatedAt === undefined) {
    return "You're offline. Your data will load when HIT Tracker can reach its server again.";
  }
  const updated = new Date(lastUpdatedAt);
  // The time alone for today's data; an older copy names its day too, so nobody takes it for today's.
  const sameDay = updated.toDateString() === now.toDateString();
  const when = new Intl.DateTimeFormat(locale, {
    ...(!sameDay && { day: 'numeric', month: 'short' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(updated);
  return `You're offline. Showing your data from ${when}.`;
}
