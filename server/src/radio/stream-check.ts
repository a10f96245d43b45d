/**
 * Is the station's stream up? Checked on the stream itself, as a listener's
 * player would: a short read of the stream URL (issue 39). The station's
 * metadata (AzuraCast's API, Icecast's status page) can fail while the audio
 * plays on; this tells the two apart, so a metadata failure is not shown as
 * silence.
 */

/** How many bytes of audio count as "the stream answers". */
const ENOUGH_BYTES = 1024;

/** What {@link streamAnswers} found. */
export interface StreamCheck {
  up: boolean;
  /** Why not, for the log. */
  reason?: string;
}

/**
 * GETs `url` and reads the first kilobyte of its body within `timeoutMs`,
 * then lets go. Up when the answer is a 2xx with an audio (or Ogg, or octet)
 * body of at least that much. Relative addresses (this server's own
 * `/api/stream`) cannot be checked this way and count as down.
 */
export async function streamAnswers(url: string, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<StreamCheck> {
  if (!/^https?:\/\//i.test(url)) return { up: false, reason: 'no absolute stream address' };
  const signals = [AbortSignal.timeout(opts.timeoutMs)];
  if (opts.signal) signals.push(opts.signal);
  const ctl = new AbortController();
  const signal = AbortSignal.any([...signals, ctl.signal]);
  try {
    const res = await fetch(url, { signal, redirect: 'follow', headers: { 'Icy-MetaData': '0', 'User-Agent': 'Airdeck stream check' } });
    if (!res.ok || !res.body) {
      ctl.abort();
      return { up: false, reason: `stream answered ${res.status}` };
    }
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    if (type && !/^(audio\/|application\/ogg|application\/octet-stream|video\/mp2t)/.test(type)) {
      ctl.abort();
      return { up: false, reason: `stream answered ${type}` };
    }
    const reader = res.body.getReader();
    let got = 0;
    try {
      while (got < ENOUGH_BYTES) {
        const { done, value } = await reader.read();
        if (done) break;
        got += value.byteLength;
      }
    } finally {
      ctl.abort();
      await reader.cancel().catch(() => undefined);
    }
    return got >= ENOUGH_BYTES ? { up: true } : { up: false, reason: `stream ended after ${got} bytes` };
  } catch (err) {
    ctl.abort();
    return { up: false, reason: err instanceof Error ? (err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message) : String(err) };
  }
}
