import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/src/db/knex';
import { migrateLatest } from '../server/src/db/migrate';
import { cutRecording } from '../server/src/listen-again/episodes';
import { FrameSplitter } from '../server/src/listen-again/mp3';
import { insertRecordingFile, ackRecordingFile, closeRecordingFile } from '../server/src/listen-again/repo';

/**
 * `npm run bench -- listen-again` (issue 32): what the recorder's own work costs per hour of a typical station
 * stream (128 kb/s stereo 44.1 kHz MP3, in 4 KiB chunks as a stream delivers them: frame splitting, the writes,
 * an fsync every 2 s of audio; the ears' decoding is `bench ears`), its memory, and the time to cut a 2-hour
 * episode out of two hour files (PGlite).
 */
export async function run(): Promise<void> {
  const ff = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=600', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-write_xing', '0', '-id3v2_version', '0', '-f', 'mp3', '-'], { maxBuffer: 64 * 1024 * 1024 });
  if (ff.status !== 0) {
    console.log('listen-again: skipped (no ffmpeg)');
    return;
  }
  const tenMinutes = ff.stdout as Buffer;
  const hour = Buffer.concat(Array.from({ length: 6 }, () => tenMinutes));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-bench-listen-'));
  try {
    // The recorder's work on one hour of stream.
    const splitter = new FrameSplitter();
    const fd = fs.openSync(path.join(dir, 'rec.mp3'), 'a');
    global.gc?.();
    const mem0 = process.memoryUsage();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let frames = 0;
    let sinceSync = 0;
    for (let i = 0; i < hour.length; i += 4096) {
      const out = splitter.push(hour.subarray(i, i + 4096));
      if (out.length) fs.writeSync(fd, Buffer.concat(out.map((f) => f.bytes)));
      frames += out.length;
      sinceSync += out.length;
      if (sinceSync >= 77) {
        fs.fsyncSync(fd);
        sinceSync = 0;
      }
    }
    fs.closeSync(fd);
    const cpu = process.cpuUsage(cpu0);
    const mem1 = process.memoryUsage();
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    console.log(`listen-again recorder: 1 h of 128 kb/s stereo (${frames} frames, ${(hour.length / 1048576).toFixed(1)} MiB) split and written in ${(performance.now() - t0).toFixed(0)} ms; CPU ${cpuSeconds.toFixed(2)} s per hour of audio (${((cpuSeconds / 3600) * 100).toFixed(3)} % of one core); heap +${((mem1.heapUsed - mem0.heapUsed) / 1048576).toFixed(1)} MiB, RSS ${(mem1.rss / 1048576).toFixed(0)} MiB`);

    // Cutting a 2-hour episode out of two hour files.
    const db = await openDatabase({ kind: 'pglite', dataDir: null });
    await migrateLatest(db.knex);
    const frameMs = (1152 / 44_100) * 1000;
    const hourFrames = Math.round((hour.length / tenMinutes.length) * (600_000 / frameMs));
    const start = Date.UTC(2026, 10, 27, 10, 0, 0);
    for (let h = 0; h < 2; h++) {
      const rel = `h${h}.mp3`;
      fs.writeFileSync(path.join(dir, rel), hour);
      const id = randomUUID();
      await insertRecordingFile(db.knex, { id, path: rel, content_type: 'audio/mpeg', sample_rate: 44_100, frame_samples: 1152, started_at: new Date(start + h * hourFrames * frameMs), writer: 'bench' });
      await ackRecordingFile(db.knex, id, { frames: hourFrames, bytes: hour.length, started_at: new Date(start + h * hourFrames * frameMs) });
      await closeRecordingFile(db.knex, id, 'bench');
    }
    const times: number[] = [];
    for (let r = 0; r < 3; r++) {
      const t1 = performance.now();
      const cut = await cutRecording(db.knex, dir, start + 60_000, start + 60_000 + 7_200_000 - 120_000, path.join(dir, `ep${r}.mp3`));
      times.push(performance.now() - t1);
      if (r === 0) console.log(`listen-again cut: ${cut!.durationSeconds.toFixed(1)} s of audio, ${(cut!.bytes / 1048576).toFixed(1)} MiB, gaps ${cut!.gaps.length}`);
    }
    times.sort((a, b) => a - b);
    console.log(`listen-again cut of a 2-hour episode (two hour files, no re-encoding): median ${times[1]!.toFixed(0)} ms of 3 (${times.map((t) => t.toFixed(0)).join(', ')})`);
    await db.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
