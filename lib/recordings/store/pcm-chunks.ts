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
/**
 * How far ahead of real time a recording's audio may get. Audio is made at 1 s a second:
 * faster is a file sent as a "recording" (live transcription of any file, faster than it
 * plays). The server takes no more audio than the recording's wall time since it started
 * plus this, so a browser catching up after an outage of any length (it kept the chunks and
 * sends them 10 s a request on reconnect) is never held back, and beyond that gets 429,
 * which it sends again after a pause, losing nothing.
 */
export const PACE_BURST_S = 180;
