/** `npm run models -- <name>`: downloads a whisper.cpp ggml model into data/models, checksum-verified. */
import { env } from "@/lib/env";
import { log } from "@/lib/log/logger";
import { modelsDir } from "@/lib/transcription/models";
import { ModelDownloadError, WHISPER_MODELS, downloadModel } from "@/lib/transcription/models";

async function main() {
  const name = process.argv[2];
  if (!name) {
    // The command's own help, not a log line.
    const models = Object.entries(WHISPER_MODELS).map(([model, info]) => `  ${model.padEnd(10)} ${info.size}\n`);
    process.stderr.write(`Usage: npm run models -- <name>\n\nModels:\n${models.join("")}`);
    process.exit(1);
  }
  env();
  let shown = -1;
  const file = await downloadModel(name, modelsDir(), {
    onProgress: (bytes, total) => {
      const percent = total ? Math.floor((bytes / total) * 100) : -1;
      if (percent !== shown && percent % 5 === 0) {
        shown = percent;
        process.stdout.write(`\r${percent}% of ${WHISPER_MODELS[name].size}`);
      }
    },
  });
  process.stdout.write("\n");
  log().info({ file }, "model saved (checksum verified); the whisper engine uses it from now on");
}

main().catch((error: unknown) => {
  if (error instanceof ModelDownloadError) log().error(error.message);
  else log().error({ err: error }, "the model download failed");
  process.exit(1);
});
