/**
 * MP3 decoding in-process with mpg123 compiled to WebAssembly (`mpg123-decoder`, wasm-audio-decoders):
 * no ffmpeg and no native module, so the embedded default decodes on any machine. It is a streaming
 * decoder: chunks may split frames anywhere.
 */
export interface StreamDecoder {
  /** Decodes the next bytes of the stream; returns the PCM they completed (possibly none). */
  decode(bytes: Uint8Array): { channels: Float32Array[]; sampleRate: number; samples: number };
  free(): void;
}

/** A ready MP3 decoder (the WebAssembly module is compiled on first use). */
export async function createMp3Decoder(): Promise<StreamDecoder> {
  const { MPEGDecoder } = await import('mpg123-decoder');
  const decoder = new MPEGDecoder();
  await decoder.ready;
  let freed = false;
  return {
    decode(bytes) {
      const out = decoder.decode(bytes);
      return { channels: out.channelData, sampleRate: out.sampleRate, samples: out.samplesDecoded };
    },
    free() {
      if (freed) return;
      freed = true;
      decoder.free();
    },
  };
}
