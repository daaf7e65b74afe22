import { existsSync } from "node:fs";
import { env } from "@/lib/env";
import { forgetEngineChoice } from "./engines/registry";
import { downloadModel, downloadVadModel, modelsDir, resolveWhisperModel, vadModelFile } from "./models";
import { log } from "@/lib/log/logger";

/**
 * The first start's whisper model: fetched in the background by the process that runs a
 * worker, so the best engine is set up by the README's one start command. Until it is
 * ready the next engine (PocketSphinx) transcribes, and the dashboard says how far the
 * download is; offline or refused, it says why and the next engine carries on.
 */
export type ProvisioningState =
  | { state: "off" } // WHISPER_AUTO_DOWNLOAD=false
  | { state: "present" } // a model was there already
  | { state: "downloading"; model: string; bytes: number; total: number | null }
  | { state: "ready"; model: string }
  | { state: "failed"; model: string; reason: string };

const globalForModels = globalThis as unknown as { verbatimModelProvisioning?: { status: ProvisioningState; run?: Promise<void> } };

function slot() {
  globalForModels.verbatimModelProvisioning ??= { status: { state: "off" } };
  return globalForModels.verbatimModelProvisioning;
}

export function provisioningState(): ProvisioningState {
  return slot().status;
}

/** The download's progress as users read it, or null when nothing is being prepared. */
export function preparingPercent(status: ProvisioningState = provisioningState()): number | null {
  if (status.state !== "downloading") return null;
  return status.total ? Math.min(99, Math.floor((status.bytes / status.total) * 100)) : 0;
}

/** Starts the download once per process when it is wanted; later calls share it. */
export function provisionWhisperModel(): Promise<void> {
  const current = slot();
  current.run ??= provision().finally(() => forgetEngineChoice());
  return current.run;
}

/**
 * An operator's retry: this process's last download is forgotten and started again (a
 * download still under way is shared, not started twice into the same file).
 */
export function retryProvisioning(): Promise<void> {
  const current = slot();
  if (current.status.state !== "downloading") current.run = undefined;
  return provisionWhisperModel();
}

async function provision(): Promise<void> {
  const current = slot();
  const { WHISPER_AUTO_DOWNLOAD, WHISPER_DOWNLOAD_MODEL, WHISPER_VAD, TRANSCRIBE_ENGINE } = env();
  // An operator who chose another engine does not want a model downloaded.
  if (!WHISPER_AUTO_DOWNLOAD || (TRANSCRIBE_ENGINE !== "auto" && TRANSCRIBE_ENGINE !== "whisper")) {
    current.status = { state: "off" };
    return;
  }
  const existing = resolveWhisperModel();
  const needsModel = !existing || !existsSync(existing);
  const needsVad = WHISPER_VAD && !existsSync(vadModelFile());
  if (!needsModel && !needsVad) {
    current.status = { state: "present" };
    return;
  }
  const model = WHISPER_DOWNLOAD_MODEL;
  if (needsModel) {
    current.status = { state: "downloading", model, bytes: 0, total: null };
    log().info({ model, directory: modelsDir() }, "no whisper model: downloading one (WHISPER_AUTO_DOWNLOAD=false turns this off)");
    try {
      await downloadModel(model, modelsDir(), {
        onProgress: (bytes, total) => {
          current.status = { state: "downloading", model, bytes, total };
        },
      });
      log().info({ model }, "whisper model ready");
    } catch (error) {
      const reason = (error as Error).message;
      current.status = { state: "failed", model, reason };
      log().warn({ err: error, model }, "the whisper model could not be downloaded; the next engine carries on");
      return;
    }
  }
  if (needsVad) {
    // Under 1 MB, so it shows no progress of its own; without it whisper still works, only
    // slower on silence and without that guard against invented text.
    try {
      await downloadVadModel(modelsDir());
      log().info("voice-activity model ready");
    } catch (error) {
      log().warn({ err: error }, "the voice-activity model could not be downloaded; whisper transcribes silence too");
    }
  }
  current.status = needsModel ? { state: "ready", model } : { state: "present" };
}

/** For tests: forget this process's download so the next call starts afresh. */
export function resetProvisioning(): void {
  delete globalForModels.verbatimModelProvisioning;
}
