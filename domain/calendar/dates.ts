/** Calendar dates written YYYY-MM-DD, counted in whole days: the one arithmetic every calendar of the shop uses. */
export function addDays(date: string, days: number): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  parsed.setUTCDate(parsed.getUTCDate() + days);
  return parsed.toISOString().slice(0, 10);
}
