import { createReadStream, createWriteStream } from "node:fs";
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ByteRange } from "@/lib/storage/object-store";
import { BYTES_PER_SECOND, WAV_HEADER_BYTES, wavHeader } from "@/lib/audio/wav";

/** A stretch of the normalised audio that goes to the engine on its own. */
export interface Piece {
  index: number;
  startS: number;
  endS: number;
}

/** The first pieces are short, so the first text is on screen soon; later ones are longer (fewer cuts). */
const FIRST_PIECE_SECONDS = 30;
/** A cut may move this far back from its target to land in a pause instead of a word. */
const CUT_SEARCH_SECONDS = 8;
const FRAME_MS = 20;
/** The quietest stretch of this length near the target is where the cut goes. */
const PAUSE_FRAMES = 10;

/** The shortest piece worth its own engine run. */
const MIN_PIECE_SECONDS = 10;

/**
 * Where to cut long audio for `lanes` engines running at once: about every `pieceSeconds`,
 * the first `lanes` pieces shorter (each lane shows text soon), and the last stretch split
 * evenly across the lanes so none waits alone at the end. Each cut moves to the quietest
 * moment in the seconds before its target, so pieces rarely split a word. Reads only the
 * samples around each cut, whatever the length.
 */
export async function planPieces(wav: string, durationS: number, pieceSeconds: number, lanes = 1): Promise<Piece[]> {
  const pieces: Piece[] = [];
  const handle = await open(wav, "r");
  try {
    let startS = 0;
    let tailParts = 0;
    while (durationS - startS > 0.05) {
      const remaining = durationS - startS;
      let length = pieces.length < lanes ? Math.min(FIRST_PIECE_SECONDS, pieceSeconds) : pieceSeconds;
      if (tailParts === 0 && pieces.length >= lanes && remaining <= lanes * length) tailParts = lanes;
      if (tailParts > 0) length = remaining / tailParts--;
      // The last piece takes the rest rather than leaving a sliver.
      if (remaining <= length * 1.25 || remaining - length < MIN_PIECE_SECONDS) {
        pieces.push({ index: pieces.length, startS, endS: durationS });
        break;
      }
      const target = startS + length;
      const searchFrom = Math.max(startS + length / 2, target - CUT_SEARCH_SECONDS);
      const endS = await quietestMoment(handle, searchFrom, target);
      pieces.push({ index: pieces.length, startS, endS });
      startS = endS;
    }
  } finally {
    await handle.close();
  }
  return pieces;
}

type FileHandle = Awaited<ReturnType<typeof open>>;

/** The middle of the quietest PAUSE_FRAMES-long stretch between two moments. */
async function quietestMoment(handle: FileHandle, fromS: number, toS: number): Promise<number> {
  const frameBytes = (BYTES_PER_SECOND * FRAME_MS) / 1000;
  const firstFrame = Math.floor((fromS * 1000) / FRAME_MS);
  const frames = Math.max(1, Math.floor(((toS - fromS) * 1000) / FRAME_MS));
  const buffer = Buffer.alloc(frames * frameBytes);
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, WAV_HEADER_BYTES + firstFrame * frameBytes);
  const energy: number[] = [];
  for (let f = 0; (f + 1) * frameBytes <= bytesRead; f++) {
    let sum = 0;
    for (let i = f * frameBytes; i < (f + 1) * frameBytes; i += 2) {
      const sample = buffer.readInt16LE(i);
      sum += sample * sample;
    }
    energy.push(sum);
  }
  if (energy.length === 0) return toS;
  const window = Math.min(PAUSE_FRAMES, energy.length);
  let best = 0;
  let bestSum = Infinity;
  let running = energy.slice(0, window).reduce((a, b) => a + b, 0);
  // Ties go to the later stretch, so pieces stay close to their target length.
  for (let f = 0; f + window <= energy.length; f++) {
    if (f > 0) running += energy[f + window - 1] - energy[f - 1];
    if (running <= bestSum) {
      bestSum = running;
      best = f;
    }
  }
  const middleFrame = firstFrame + best + Math.floor(window / 2);
  return Math.min(toS, (middleFrame * FRAME_MS) / 1000);
}

/** The bytes of a normalised WAV that hold one piece: whole samples only (a cut inside one would turn the rest into noise). */
export function pieceBytes(piece: Piece): ByteRange {
  const start = WAV_HEADER_BYTES + 2 * Math.round((piece.startS * BYTES_PER_SECOND) / 2);
  const end = WAV_HEADER_BYTES + 2 * Math.round((piece.endS * BYTES_PER_SECOND) / 2);
  return { start, end: end - 1 };
}

/** Writes one piece as a WAV file of its own from a stream of its bytes (`pieceBytes`), wherever they come from. */
export async function writePieceFrom(bytes: Readable, piece: Piece, output: string): Promise<void> {
  const range = pieceBytes(piece);
  const out = createWriteStream(output);
  out.write(wavHeader(range.end + 1 - range.start));
  await pipeline(bytes, out);
}

/** Copies one piece of a normalised WAV on this disk into its own WAV file, streaming. */
export async function writePiece(wav: string, piece: Piece, output: string): Promise<void> {
  await writePieceFrom(createReadStream(wav, pieceBytes(piece)), piece, output);
}
