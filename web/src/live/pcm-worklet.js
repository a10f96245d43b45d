// The On Air console's capture tap (issue 31): an AudioWorklet (not a ScriptProcessor) that hands the
// input's PCM to the page in blocks of about 46 ms, with the block's peak and mean square for the meter.
class AirdeckPcmTap extends AudioWorkletProcessor {
  constructor() {
    super();
    this.parts = [];
    this.frames = 0;
    this.peak = 0;
    this.sum = 0;
    this.count = 0;
  }

  process(inputs) {
    const input = inputs[0];
    if (!input || input.length === 0 || !input[0]) return true;
    const copy = input.map((ch) => ch.slice(0));
    for (const ch of copy) {
      for (let i = 0; i < ch.length; i++) {
        const v = ch[i];
        const a = v < 0 ? -v : v;
        if (a > this.peak) this.peak = a;
        this.sum += v * v;
      }
      this.count += ch.length;
    }
    this.parts.push(copy);
    this.frames += copy[0].length;
    if (this.frames >= 1024) {
      const channels = copy.length;
      const out = [];
      for (let c = 0; c < channels; c++) {
        const buf = new Float32Array(this.frames);
        let o = 0;
        for (const p of this.parts) {
          const ch = p[c] || p[0];
          buf.set(ch, o);
          o += ch.length;
        }
        out.push(buf);
      }
      this.port.postMessage({ pcm: out, peak: this.peak, meanSquare: this.count > 0 ? this.sum / this.count : 0 }, out.map((b) => b.buffer));
      this.parts = [];
      this.frames = 0;
      this.peak = 0;
      this.sum = 0;
      this.count = 0;
    }
    return true;
  }
}

registerProcessor('airdeck-pcm-tap', AirdeckPcmTap);
