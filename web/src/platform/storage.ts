/** A value the browser keeps for this site (local storage), or null when absent or when storage is blocked (private browsing). */
export function storedValue(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
