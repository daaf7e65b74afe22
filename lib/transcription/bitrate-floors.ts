/**
 * The fewest bits per second each codec spends on audio: no real file of that codec holds
 * more seconds than its bytes × 8 / floor. An upload's header may claim any length (a 2.4 KB
 * Ogg can say it is 10 hours), and that claim is reserved against the plan until a worker has
 * decoded the file; so no more is reserved than the bytes can hold, and the worker settles
 * the real length (or fails the file, "cut off or damaged", when the claim was false).
 *
 * Each floor is the lowest rate its encoders write (speech at 8 kHz where the codec allows
 * it); a real file below its floor (long digital silence) is reserved less, and the worker
 * reserves the rest when it has decoded it. PCM in WAV is exact besides: a WAV whose header
 * promises more samples than the file holds is refused as cut off before anything is reserved.
 */
const FLOORS_BPS: Record<string, number> = {
  opus: 6_000, // libopus's lowest rate
  vorbis: 6_000, // libvorbis at its lowest quality, 8 kHz mono
  mp3: 8_000, // MPEG-2.5 layer III's lowest bitrate
  mp2: 8_000,
  mp1: 32_000,
  aac: 6_000, // HE-AAC v2 at its lowest
  aac_latm: 6_000,
  amr_nb: 4_750, // AMR's lowest mode
  amr_wb: 6_600,
  speex: 2_150, // narrowband's lowest mode
  gsm: 13_000,
  gsm_ms: 13_000,
  wmav1: 5_000,
  wmav2: 5_000,
  wmapro: 5_000,
  wmavoice: 4_000,
  ac3: 32_000,
  eac3: 32_000,
  dts: 32_000,
};

/** PCM: 8-bit samples at 8 kHz, mono (anything else spends more). */
const PCM_FLOOR_BPS = 64_000;
/** ADPCM: 2 bits a sample at 8 kHz (G.726's lowest). */
const ADPCM_FLOOR_BPS = 16_000;
/** Lossless codecs (FLAC, ALAC, WavPack, TrueHD) and any other: silence compresses to almost nothing. */
const OTHER_FLOOR_BPS = 1_000;

export function bitrateFloor(codec: string): number {
  if (codec.startsWith("pcm_")) return PCM_FLOOR_BPS;
  if (codec.startsWith("adpcm_")) return ADPCM_FLOOR_BPS;
  return FLOORS_BPS[codec] ?? OTHER_FLOOR_BPS;
}

/** The most seconds `bytes` of this codec can hold. */
export function secondsBytesCanHold(codec: string, bytes: number): number {
  return (bytes * 8) / bitrateFloor(codec);
}
