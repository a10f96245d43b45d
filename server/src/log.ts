import pino, { type Logger } from 'pino';

/** Structured JSON logging (pino); pretty output only when asked for. */
export function createLogger(opts: { level: string; pretty: boolean }): Logger {
  return pino({
    level: opts.level,
    base: { service: 'airdeck' },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'refresh_token', '*.refresh_token'], censor: '[redacted]' },
    ...(opts.pretty ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
  });
}

export type { Logger };
