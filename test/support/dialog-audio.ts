import { statSync } from "node:fs";
import path from "node:path";
import { BYTES_PER_SECOND, WAV_HEADER_BYTES } from "@/lib/audio/wav";
import { run } from "@/lib/process/run";

/**
 * Real speech for the speaker detectors: a dialog of two different voices taking turns, and one
 * voice alone, built with ffmpeg from the audio fixtures into a directory the caller owns
 * (nothing is kept anywhere else). Both voices are recordings: J. F. Kennedy (jfk.wav, a noisy
 * 1961 broadcast) and the clean synthetic reader of steady-reading.ogg (espeak-ng). Every turn
 * is cut at a pause of its recording, so the truth's turn boundaries are exact.
 */

interface TruthTurn {
  startMs: number;
  endMs: number;
  /** 0: whoever speaks first */
  speaker: number;
}

export interface TestAudio {
  /** 16 kHz mono 16-bit PCM WAV with a 44-byte header, as the app normalises audio */
  wavPath: string;
  durationS: number;
  truth: TruthTurn[];
}

const FIXTURES = path.resolve(__dirname, "../fixtures/audio");
const VOICES = {
  kennedy: path.join(FIXTURES, "jfk.wav"),
  reader: path.join(FIXTURES, "steady-reading.ogg"),
} as const;
type Voice = keyof typeof VOICES;

/** The dialog's turns: [from, to) seconds of each voice's recording, cut at its pauses (ffmpeg silencedetect). */
const DIALOG: Array<{ voice: Voice; from: number; to: number }> = [
  { voice: "kennedy", from: 0, to: 4.9 }, // "And so, my fellow Americans, ask not"
  { voice: "reader", from: 0, to: 4.5 },
  { voice: "kennedy", from: 4.9, to: 8.1 }, // "what your country can do for you"
  { voice: "reader", from: 4.5, to: 10.53 },
  { voice: "kennedy", from: 8.1, to: 11 }, // "ask what you can do for your country"
  { voice: "reader", from: 13, to: 17.36 },
];

// The app's own WAV layout: no LIST chunk, so the header is 44 bytes.
const NORMALISED = ["-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-bitexact", "-map_metadata", "-1"];

async function ffmpeg(args: string[]) {
  const result = await run("ffmpeg", ["-v", "error", "-y", ...args], { timeoutMs: 120_000 });
  if (result.code !== 0) throw new Error(`ffmpeg failed: ${result.stderr.trim()}`);
}

/** Kennedy and the reader taking turns, three turns each (~26 s); speaker 0 is Kennedy. */
export async function twoVoiceDialog(dir: string): Promise<TestAudio> {
  const wavPath = path.join(dir, "dialog.wav");
  const inputs = (Object.keys(VOICES) as Voice[]).flatMap((voice) => ["-i", VOICES[voice]]);
  const input = (voice: Voice) => (Object.keys(VOICES) as Voice[]).indexOf(voice);
  // Each turn resampled to 16 kHz first, so every cut falls on a whole sample.
  const cuts = DIALOG.map(({ voice, from, to }, i) => `[${input(voice)}]aresample=16000,atrim=${from}:${to},asetpts=N/SR/TB[t${i}]`);
  const filter = `${cuts.join(";")};${DIALOG.map((_, i) => `[t${i}]`).join("")}concat=n=${DIALOG.length}:v=0:a=1`;
  await ffmpeg([...inputs, "-filter_complex", filter, ...NORMALISED, wavPath]);

  const truth: TruthTurn[] = [];
  let at = 0;
  for (const { voice, from, to } of DIALOG) {
    const end = at + Math.round((to - from) * 1000);
    truth.push({ startMs: at, endMs: end, speaker: voice === "kennedy" ? 0 : 1 });
    at = end;
  }
  return { wavPath, durationS: at / 1000, truth };
}

/** The dialog `times` over (the bench's longer file); its truth repeated. */
export async function loopedDialog(dir: string, times: number): Promise<TestAudio> {
  const dialog = await twoVoiceDialog(dir);
  const wavPath = path.join(dir, `dialog-x${times}.wav`);
  await ffmpeg(["-stream_loop", String(times - 1), "-i", dialog.wavPath, ...NORMALISED, wavPath]);
  const lengthMs = dialog.durationS * 1000;
  const truth = Array.from({ length: times }, (_, k) => dialog.truth.map((turn) => ({ ...turn, startMs: turn.startMs + k * lengthMs, endMs: turn.endMs + k * lengthMs }))).flat();
  return { wavPath, durationS: (times * lengthMs) / 1000, truth };
}

/** One voice alone: Kennedy's 11 s, or the reader's whole 2 minutes. */
export async function oneVoice(dir: string, voice: Voice = "kennedy"): Promise<TestAudio> {
  const wavPath = path.join(dir, `${voice}.wav`);
  await ffmpeg(["-i", VOICES[voice], ...NORMALISED, wavPath]);
  const durationS = (statSync(wavPath).size - WAV_HEADER_BYTES) / BYTES_PER_SECOND;
  return { wavPath, durationS, truth: [{ startMs: 0, endMs: Math.round(durationS * 1000), speaker: 0 }] };
}

/**
 * Share of the truth's time given to the right speaker, as a word would be: by the turn that
 * covers the instant, else the nearest turn (a pause the detector left out). Detected speakers
 * are matched to the true ones by most time in common. 1 is perfect.
 */
export function attributionAccuracy(truth: TruthTurn[], turns: TruthTurn[]): number {
  if (turns.length === 0) return 0;
  const STEP_MS = 10;
  const detectedAt = (t: number) => {
    let best = turns[0];
    let bestGap = Infinity;
    for (const turn of turns) {
      const gap = t < turn.startMs ? turn.startMs - t : t >= turn.endMs ? t - turn.endMs + 1 : 0;
      if (gap < bestGap) [best, bestGap] = [turn, gap];
    }
    return best.speaker;
  };
  const overlap = new Map<string, number>();
  const samples: Array<[number, number]> = [];
  for (const turn of truth) {
    for (let t = turn.startMs; t < turn.endMs; t += STEP_MS) {
      const detected = detectedAt(t);
      samples.push([turn.speaker, detected]);
      const key = `${detected}:${turn.speaker}`;
      overlap.set(key, (overlap.get(key) ?? 0) + 1);
    }
  }
  // Greedy matching, largest overlap first: enough for a handful of speakers.
  const match = new Map<number, number>();
  const taken = new Set<number>();
  for (const [key] of [...overlap].sort((a, b) => b[1] - a[1])) {
    const [detected, real] = key.split(":").map(Number);
    if (!match.has(detected) && !taken.has(real)) {
      match.set(detected, real);
      taken.add(real);
    }
  }
  const right = samples.filter(([real, detected]) => match.get(detected) === real).length;
  return right / samples.length;
}

/** The instants where the speaker changes: the middle of the pause between two turns of different speakers. */
export function speakerChanges(turns: TruthTurn[]): number[] {
  const changes: number[] = [];
  for (let i = 1; i < turns.length; i++) {
    if (turns[i].speaker !== turns[i - 1].speaker) changes.push((turns[i - 1].endMs + turns[i].startMs) / 2);
  }
  return changes;
}
