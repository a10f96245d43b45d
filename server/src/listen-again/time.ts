/** The hour (0–23) of an instant on the station's wall clock. */
export function localHour(ms: number, zone: string): number {
  const h = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(ms));
  return Number(h) % 24;
}
