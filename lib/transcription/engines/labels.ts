import { inWords } from "@/lib/text/word-list";

/**
 * What users read about the engines: never their ids, and never what an operator would do
 * about them (that is engineSetupHint's, for the admin panel). Pure, so the browser shows
 * the same words the server sends.
 */
const ENGINE_LABELS: Record<string, string> = {
  whisper: "Whisper",
  parakeet: "Parakeet",
  openai: "Speech API",
  sphinx: "Offline English engine",
};

/** The engine as a user reads it ("Offline English engine", not "sphinx"). */
export function engineLabel(name: string | null): string | null {
  return name === null ? null : (ENGINE_LABELS[name] ?? "Speech engine");
}

/** Said beside the recorder when the engine has a limit worth knowing: what it means for what the user records. */
export function engineNote(name: string | null): string | null {
  return name === "sphinx" ? "Offline English engine: recordings in English only, with basic accuracy." : null;
}

/** Up to this many, the note names the languages; more are in the Language menu. */
const NAMED_UP_TO = 3;

/** When the engine cannot do some of the plan's languages: which it does, in the user's terms. */
export function languagesNote(offered: readonly { name: string }[], inPlan: number): string | null {
  if (offered.length >= inPlan) return null;
  const which = offered.length <= NAMED_UP_TO ? `: ${inWords(offered.map((l) => l.name))}` : "; the Language menu lists them";
  return `This server transcribes ${offered.length} of the ${inPlan} languages in your plan today${which}.`;
}

/** While a better engine's model downloads: how far, and who transcribes meanwhile. */
export function preparingNote(percent: number, currentLabel: string | null): string {
  const meanwhile = currentLabel ? `until then, the ${currentLabel} transcribes.` : "transcription starts when it is ready.";
  return `Preparing the speech engine: ${percent} %. When it is ready, more languages and better accuracy; ${meanwhile}`;
}

/** Why nothing can be transcribed, as a user reads it; the reason itself is the admin panel's. */
export const ENGINE_UNAVAILABLE = "Transcription is not available on this server right now, so nothing new can be transcribed. Please try again later.";

const ADD_ENGINE = "Add a whisper model (npm run models -- base) or a speech API (OPENAI_BASE_URL)";

/** For operators, in the admin panel: what would lift the engine's limits. */
export function engineSetupHint(name: string | null): string | null {
  if (name === "sphinx") return `PocketSphinx transcribes English only, with basic accuracy. ${ADD_ENGINE} for 99 languages and far better accuracy.`;
  if (name === "parakeet") return `Parakeet transcribes 25 European languages. ${ADD_ENGINE} for the plans' other languages.`;
  return null;
}
