import { spawnSync } from 'node:child_process';
import { createMp3Decoder } from '../server/src/radio/ears/decoder';
import { LevelMeter } from '../server/src/radio/ears/meter';
import { loadDemoLoop } from '../server/src/radio/stream';

/**
 * The station's ears (issue 33): CPU time the reader's decoding and level metering cost per hour of audio,
 * in 4 KiB chunks as a stream delivers them. The demo stream (48 kb/s mono MP3) and, when ffmpeg is there,
 * a typical station stream (128 kb/s stereo 44.1 kHz).
 */
async function measure(name: string, mp3: Buffer, audioSeconds: number): Promise<void> {
  const decoder = await createMp3Decoder();
  let readings = 0;
  const meter = new LevelMeter(() => readings++);
  const before = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < mp3.length; i += 4096) {
    const pcm = decoder.decode(mp3.subarray(i, i + 4096));
    if (pcm.samples) meter.push(pcm.channels, pcm.sampleRate);
  }
  const cpu = process.cpuUsage(before);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  decoder.free();
  const perHour = (cpuSeconds / audioSeconds) * 3600;
  console.log(`ears, ${name}: ${audioSeconds} s of audio decoded and metered (${readings} readings) in ${(performance.now() - t0).toFixed(0)} ms; CPU ${perHour.toFixed(1)} s per hour of audio (${((perHour / 3600) * 100).toFixed(2)} % of one core)`);
}

export async function run(): Promise<void> {
  const loop = await loadDemoLoop('.bench-data');
  const repeats = 20; // 20 × 32 s
  await measure('demo stream 48 kb/s mono 22.05 kHz', Buffer.concat(Array.from({ length: repeats }, () => Buffer.concat(loop.frames))), repeats * 32);
  const ff = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=600', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', '-'], { maxBuffer: 64 * 1024 * 1024 });
  if (ff.status === 0) await measure('128 kb/s stereo 44.1 kHz', ff.stdout, 600);
  else console.log('ears, 128 kb/s stereo: skipped (no ffmpeg)');
}
