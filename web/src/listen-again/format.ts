/** When an episode aired, in the reader's language and the station's zone: "Mon 3 Mar, 14:00". */
export function airedText(iso: string, intl: string, zone?: string): string {
  try {
    return new Intl.DateTimeFormat(intl, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', ...(zone ? { timeZone: zone } : {}) }).format(new Date(iso));
  } catch {
    return new Date(iso).toISOString().slice(0, 16).replace('T', ' ');
  }
}

/** An episode's length in whole minutes (at least 1). */
export const minutesOf = (seconds: number): number => Math.max(1, Math.round(seconds / 60));
