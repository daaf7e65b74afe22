/** `npm run models -- <name>`: downloads a whisper.cpp ggml model into data/models, checksum-verified. */
import { env } from "@/lib/env";
import { modelsDir } from "@/lib/transcription/models";
import { ModelDownloadError, WHISPER_MODELS, downloadModel } from "@/lib/transcription/models";

async function main() {
  const name = process.argv[2];
  if (!name) {
    console.log("Usage: npm run models -- <name>\n\nModels:");
    for (const [model, info] of Object.entries(WHISPER_MODELS)) console.log(`  ${model.padEnd(10)} ${info.size}`);
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
  console.log(`\nSaved ${file} (checksum verified). The whisper engine uses it from now on.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ModelDownloadError ? error.message : error);
  process.exit(1);
});
