/**
 * The audio element the boot script (web/boot-plugin.ts) made when the listener pressed the server-drawn Play before
 * the app's code had arrived (issue 38 item 8), or null. The player takes it over as its own, so the music that
 * started on a slow phone carries on without a gap when the app arrives.
 */
export function bootAudio(): HTMLAudioElement | null {
  if (typeof window === 'undefined') return null;
  return (window as { __airdeckAudio?: HTMLAudioElement }).__airdeckAudio ?? null;
}
