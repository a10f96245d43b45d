// stylis ships no types; the one export the right-to-left cache uses (web/src/i18n/rtl.ts).
declare module 'stylis' {
  export function prefixer(...args: unknown[]): unknown;
}
