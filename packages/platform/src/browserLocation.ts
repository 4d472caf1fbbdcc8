/** Leaves the app for another page (a hosted checkout): a full navigation, not a route change. */
export function goToExternalPage(url: string): void {
  window.location.assign(url);
}
