// English's error texts alone (web/i18n-plugin.ts), compiled: the matcher of web/src/i18n/errors.ts.
declare module '*/messages/en.json?errors' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
