import { existsSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { run } from "@/lib/process/run";

/** The helper script, resolved at run time from the app's root so a bundler does not try to follow it. */
const STREAM_SCRIPT = path.join(process.cwd(), ...["lib", "transcription", "engines", "sphinx-stream.py"]);

let answer: { key: string; streams: Promise<boolean> } | null = null;

/**
 * Whether this host can show PocketSphinx's words while they are spoken: the Python that
 * POCKETSPHINX_PYTHON names imports the library's binding (Debian: python3-pocketsphinx).
 * Asked once per process and configuration.
 */
export function sphinxStreamsWords(): Promise<boolean> {
  const python = env().POCKETSPHINX_PYTHON;
  if (answer?.key !== python) {
    answer = {
      key: python,
      streams: run(python, ["-c", "import pocketsphinx"], { timeoutMs: 15_000, maxOutput: 2000 }).then(
        (r) => r.code === 0,
        () => false,
      ),
    };
  }
  return answer.streams;
}

/** The command that decodes a live recording word by word, or null when the binding is missing (the CLI gives whole utterances). */
export async function sphinxStreamCommand(keywordFiles?: { kws: string; dict: string }): Promise<[string, string[]] | null> {
  if (!(await sphinxStreamsWords())) return null;
  const hmm = env().POCKETSPHINX_MODEL_DIR;
  const models = path.dirname(hmm);
  const args = [STREAM_SCRIPT, hmm, path.join(models, "en-us.lm.bin"), path.join(models, "cmudict-en-us.dict")];
  // Any file missing would stop the helper at its start: the CLI's whole sentences then, rather than no live text.
  if (!args.every((file) => existsSync(file))) return null;
  return [env().POCKETSPHINX_PYTHON, keywordFiles ? [...args, keywordFiles.kws, keywordFiles.dict] : args];
}
