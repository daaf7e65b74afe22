/**
 * The audio of a live recording on the wire: 16 kHz mono 16-bit little-endian PCM, in
 * numbered chunks of LIVE_CHUNK_MS (the browser drops a last part shorter than one), so chunk
 * `seq` starts at seq × LIVE_CHUNK_MS. Pure constants: the browser imports them too.
 */
const LIVE_SAMPLE_RATE = 16_000;
export const LIVE_CHUNK_MS = 250;
export const LIVE_CHUNK_BYTES = (LIVE_SAMPLE_RATE * 2 * LIVE_CHUNK_MS) / 1000;
/** A browser catching up after a network blip sends up to this many chunks (10 s) in one request. */
export const MAX_CHUNKS_PER_REQUEST = 40;
