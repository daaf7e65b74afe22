/** The normalised audio every engine is fed: 16 kHz mono 16-bit PCM WAV with a plain 44-byte header. */
export const SAMPLE_RATE = 16_000;
export const BYTES_PER_SECOND = SAMPLE_RATE * 2;
export const WAV_HEADER_BYTES = 44;

/** The 44-byte header of a normalised WAV holding `dataBytes` of samples, as plain bytes (the browser writes WAVs too). */
export function wavHeaderBytes(dataBytes: number): Uint8Array {
  const header = new Uint8Array(WAV_HEADER_BYTES);
  const view = new DataView(header.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk length
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, BYTES_PER_SECOND, true);
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, dataBytes, true);
  return header;
}

/** `wavHeaderBytes` as a Buffer, for the server's files. */
export function wavHeader(dataBytes: number): Buffer {
  return Buffer.from(wavHeaderBytes(dataBytes).buffer);
}
