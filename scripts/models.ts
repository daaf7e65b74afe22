/**
 * `npm run models -- <name>`: downloads a whisper.cpp ggml model into data/models, and
 * `npm run models -- speakers` the speaker models into data/models/speakers; checksum-verified.
 */
import { env } from "@/lib/env";
import { log } from "@/lib/log/logger";
import { downloadSpeakerModels } from "@/lib/speakers/speaker-models";
import { ModelDownloadError } from "@/lib/storage/verified-download";
import { modelsDir } from "@/lib/transcription/models";
import { WHISPER_MODELS, downloadModel } from "@/lib/transcription/models";

const SPEAKERS = "speakers";
const SPEAKERS_SIZE = "30 MB";

/** Writes the percentage every 5 %, on one line. */
function progressLine(size: string): (bytes: number, total: number | null) => void {
  let shown = -1;
  return (bytes, total) => {
    const percent = total ? Math.floor((bytes / total) * 100) : -1;
    if (percent !== shown && percent % 5 === 0) {
      shown = percent;
      process.stdout.write(`\r${percent}% of ${size}`);
    }
  };
}

async function main() {
  const name = process.argv[2];
  if (!name) {
    // The command's own help, not a log line.
    const models = Object.entries(WHISPER_MODELS).map(([model, info]) => `  ${model.padEnd(10)} ${info.size}\n`);
    const speakers = `  ${SPEAKERS.padEnd(10)} ${SPEAKERS_SIZE} (pyannote segmentation 3.0 and 3D-Speaker CAM++, for speaker detection)\n`;
    process.stderr.write(`Usage: npm run models -- <name>\n\nModels:\n${models.join("")}${speakers}`);
    process.exit(1);
  }
  env();
  if (name === SPEAKERS) {
    const files = await downloadSpeakerModels({ onProgress: progressLine(SPEAKERS_SIZE) });
    process.stdout.write("\n");
    log().info({ files }, "speaker models saved (checksums verified); sherpa-onnx detects speakers from now on");
    return;
  }
  const file = await downloadModel(name, modelsDir(), { onProgress: progressLine(WHISPER_MODELS[name]?.size ?? "") });
  process.stdout.write("\n");
  log().info({ file }, "model saved (checksum verified); the whisper engine uses it from now on");
}

main().catch((error: unknown) => {
  if (error instanceof ModelDownloadError) log().error(error.message);
  else log().error({ err: error }, "the model download failed");
  process.exit(1);
});
