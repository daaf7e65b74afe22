import { openAiEngine } from "./openai";
import { parakeetEngine } from "./parakeet";
import { sphinxEngine } from "./sphinx";
import type { Availability, Engine, EngineName } from "./types";
import { whisperEngine } from "./whisper";
import { env } from "@/lib/env";

export const ENGINES: Record<EngineName, Engine> = { whisper: whisperEngine, parakeet: parakeetEngine, openai: openAiEngine, sphinx: sphinxEngine };

/**
 * Best first: whisper if a model is present (99 languages, the plans sell up to 97), else
 * Parakeet if its model is, else an API if configured, else PocketSphinx.
 */
export const AUTO_ORDER: EngineName[] = ["whisper", "parakeet", "openai", "sphinx"];

export const NO_ENGINE_MESSAGE =
  "No speech engine is configured: add a whisper model (npm run models -- base), set OPENAI_BASE_URL, or install PocketSphinx.";

export type EngineStatus = Record<EngineName, Availability>;

export interface EngineChoice {
  engine: Engine | null;
  /** each engine's availability in this process; absent when the choice came from other hosts' workers */
  statuses?: EngineStatus;
  /** why nothing was chosen */
  reason?: string;
}


// Availability checks start processes; /api/health and uploads reuse a recent answer.
const CACHE_MS = 30_000;
const CONFIG_KEYS = ["TRANSCRIBE_ENGINE", "OPENAI_BASE_URL", "OPENAI_API_KEY", "WHISPER_MODEL", "PARAKEET_MODEL", "POCKETSPHINX_PATH", "POCKETSPHINX_MODEL_DIR", "DATA_DIR"] as const;
let cached: { key: string; at: number; choice: Promise<EngineChoice> } | null = null;

/** A model arrived or went away: the next choice looks again instead of using the cached one. */
export function forgetEngineChoice(): void {
  cached = null;
}

/** TRANSCRIBE_ENGINE forces one engine; otherwise the first available in AUTO_ORDER. */
export function chooseEngine(): Promise<EngineChoice> {
  const config = env();
  const key = CONFIG_KEYS.map((k) => config[k] ?? "").join("\u0000");
  if (!cached || cached.key !== key || Date.now() - cached.at > CACHE_MS) {
    cached = { key, at: Date.now(), choice: decide() };
  }
  return cached.choice;
}

async function decide(): Promise<EngineChoice> {
  const statuses = Object.fromEntries(
    await Promise.all(AUTO_ORDER.map(async (name) => [name, await ENGINES[name].availability()] as const)),
  ) as EngineStatus;
  const forced = env().TRANSCRIBE_ENGINE;
  if (forced !== "auto") {
    const status = statuses[forced];
    return status.available
      ? { engine: ENGINES[forced], statuses }
      : { engine: null, statuses, reason: `TRANSCRIBE_ENGINE=${forced}, but it is not available: ${status.reason}` };
  }
  const name = AUTO_ORDER.find((n) => statuses[n].available);
  return name ? { engine: ENGINES[name], statuses } : { engine: null, statuses, reason: NO_ENGINE_MESSAGE };
}
