/**
 * `npm run bench:speakers`: the speaker detectors on the two-voice dialog of the tests
 * (test/support/dialog-audio.ts) and on that dialog looped to ~10 minutes. For the basic
 * detector and, when its models are in DATA_DIR/models/speakers, sherpa-onnx: time per minute
 * of audio, that time as a fraction of the speech pass (the bare PocketSphinx CLI on the same
 * file, as bench/transcribe.ts runs it), peak RSS, and the share of speech given to the right
 * speaker. Goal: diarization adds ≤ 15 % to time-to-transcript on 2 cores.
 *
 *   npm run bench:speakers -- [--minutes 10]
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { run } from "@/lib/process/run";
import { diarizeBasic } from "@/lib/speakers/basic-diarizer";
import type { DiarizeRequest, SpeakerTurn } from "@/lib/speakers/diarization";
import { clusterSpeakers } from "@/lib/speakers/global-clustering";
import { diarizeWithSherpa } from "@/lib/speakers/sherpa-diarizer";
import { speakerModelFiles } from "@/lib/speakers/speaker-models";
import { SPHINX_COMMAND } from "@/lib/transcription/engines/sphinx";
import { attributionAccuracy, loopedDialog, twoVoiceDialog, type TestAudio } from "@/test/support/dialog-audio";
import { watchPeakMemory } from "./process-tree";

/** sherpa-onnx's own clustering threshold for its embedding models (as lib/speakers/detect-speakers.ts uses it). */
const SHERPA_THRESHOLD = 0.5;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; peakMb: number; value: T }> {
  const memory = watchPeakMemory();
  const started = performance.now();
  const value = await work();
  return { seconds: (performance.now() - started) / 1000, peakMb: mb(memory.stop()), value };
}

type Detector = (request: DiarizeRequest) => Promise<{ turns: SpeakerTurn[]; speakers: unknown[] }>;

const request = (audio: TestAudio): DiarizeRequest => ({ wavPath: audio.wavPath, durationS: audio.durationS, speakers: null });

async function measure(name: string, detect: Detector, dialog: TestAudio, long: TestAudio, speechPassSeconds: number) {
  const short = await detect(request(dialog));
  const { seconds, peakMb, value } = await timed(() => detect(request(long)));
  const minutes = long.durationS / 60;
  return {
    detector: name,
    "s per audio min": Number((seconds / minutes).toFixed(2)),
    "× real time": Number((seconds / long.durationS).toFixed(4)),
    "÷ speech pass": Number((seconds / speechPassSeconds).toFixed(3)),
    "peak RSS, tree (MB)": peakMb,
    "speakers (dialog)": short.speakers.length,
    "right speaker (dialog)": `${(attributionAccuracy(dialog.truth, short.turns) * 100).toFixed(1)} %`,
    [`speakers (${minutes.toFixed(0)} min)`]: value.speakers.length,
    [`right speaker (${minutes.toFixed(0)} min)`]: `${(attributionAccuracy(long.truth, value.turns) * 100).toFixed(1)} %`,
  };
}

async function main() {
  const minutes = arg("minutes", 10);
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-speakers-"));
  try {
    const dialog = await twoVoiceDialog(dir);
    const long = await loopedDialog(dir, Math.max(1, Math.round((minutes * 60) / dialog.durationS)));
    console.log(`Audio: the two-voice dialog (${dialog.durationS.toFixed(1)} s) and it looped to ${(long.durationS / 60).toFixed(1)} min; ${os.availableParallelism()} cores\n`);

    const speechPass = await timed(() => run(SPHINX_COMMAND(), ["-infile", long.wavPath, "-time", "yes", "-logfn", "/dev/null"], { timeoutMs: 3_600_000 }));
    const rows: Array<Record<string, string | number>> = [
      {
        detector: "speech pass (bare pocketsphinx_continuous)",
        "s per audio min": Number((speechPass.seconds / (long.durationS / 60)).toFixed(2)),
        "× real time": Number((speechPass.seconds / long.durationS).toFixed(4)),
        "÷ speech pass": 1,
        "peak RSS, tree (MB)": speechPass.peakMb,
      },
    ];
    rows.push(await measure("basic (MFCC + clustering)", (r) => diarizeBasic(r), dialog, long, speechPass.seconds));
    const basicMaxRss = mb(process.resourceUsage().maxRSS * 1024);

    const models = speakerModelFiles();
    const sherpa: Detector | null = models
      ? async (r) => clusterSpeakers(await diarizeWithSherpa(r, models), { speakers: r.speakers, threshold: SHERPA_THRESHOLD })
      : null;
    if (sherpa) rows.push(await measure("sherpa-onnx (child process)", sherpa, dialog, long, speechPass.seconds));

    console.table(rows);
    console.log(`peak RSS of this process after the basic detector (process.resourceUsage().maxRSS): ${basicMaxRss} MB`);
    if (!sherpa) console.log("sherpa-onnx: skipped, its models are not in DATA_DIR/models/speakers (segmentation.onnx, embedding.onnx; `npm run models -- speakers` fetches them)");
    console.log("\nGoal: diarization adds ≤ 15 % to time-to-transcript on 2 cores (÷ speech pass ≤ 0.15 when run after it; it runs beside it where cores allow).");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
