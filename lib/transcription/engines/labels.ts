/**
 * What users read about the engines: never their ids. Pure, so the browser shows the same
 * words the server sends.
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

/** Said beside the recorder when the engine has a limit worth knowing. */
export function engineNote(name: string | null): string | null {
  return name === "sphinx"
    ? "Offline English engine — basic accuracy. An administrator can add a whisper model for 99 languages and far better accuracy."
    : null;
}

/** When the engine cannot do some of the plan's languages: how many, and what would add them. */
export function languagesNote(offered: number, inPlan: number): string | null {
  if (offered >= inPlan) return null;
  const missing = inPlan - offered;
  return `${missing} of the ${inPlan} languages in your plan need a multilingual engine on this server; an administrator can add a whisper model or a speech API for them.`;
}
