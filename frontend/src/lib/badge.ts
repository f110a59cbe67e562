/** The cart and unread-chat badges cap their display at 99+. */
export function formatBadgeCount(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '0';
  return count > 99 ? '99+' : String(Math.floor(count));
}
