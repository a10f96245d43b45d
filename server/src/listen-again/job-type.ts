/**
 * A background job as the server stops it (the same shape as server.ts's BackgroundJob, declared here so
 * the listen-again modules the routes import do not import the server: no import cycle).
 */
export interface BackgroundJob {
  name: string;
  stop(): Promise<void>;
}
