import { existsSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { log } from "@/lib/log/logger";
import { downloadVerified } from "@/lib/storage/verified-download";
import type { SherpaModels } from "./sherpa-diarizer";

/** One model file: its path under SPEAKER_MODELS_BASE_URL (pinned to a commit), checksum and size. */
interface SpeakerModel {
  path: string;
  sha256: string;
  bytes: number;
}

type SpeakerModelTable = Record<keyof SherpaModels, SpeakerModel>;

/**
 * The pair sherpa-onnx diarizes with, both from sherpa-onnx's author's Hugging Face
 * repositories (no account or token), pinned to a commit. The checksums and sizes are those a
 * peer project published in its own pinned table; they were not re-verified here, because
 * this machine is offline, and the download verifies every byte against them anyway.
 * Downloaded in this order.
 */
const SPEAKER_MODELS: SpeakerModelTable = {
  // pyannote segmentation 3.0 (MIT), int8-quantised for sherpa-onnx: 1.5 MB.
  segmentation: {
    path: "csukuangfj/sherpa-onnx-pyannote-segmentation-3-0/resolve/9403a6902bb58e3d5ae8c7e77c3422de279db2e0/model.int8.onnx",
    sha256: "d582f4b4c6b48205de7e0643c57df0df5615a3c176189be3fc461e9d18827b5d",
    bytes: 1_540_506,
  },
  // 3D-Speaker CAM++ (Apache-2.0), trained on Chinese and English speech: 28 MB.
  embedding: {
    path: "csukuangfj/speaker-embedding-models/resolve/0743f301363dec56491a490f6d6cbc9d67f9a3bf/3dspeaker_speech_campplus_sv_zh_en_16k-common_advanced.onnx",
    sha256: "aa3cfc16963a10586a9393f5035d6d6b57e98d358b347f80c2a30bf4f00ceba2",
    bytes: 28_281_164,
  },
};

const ROLES = Object.keys(SPEAKER_MODELS) as Array<keyof SherpaModels>;

function speakerModelsDir(): string {
  return path.resolve(env().DATA_DIR, "models", "speakers");
}

function wantedFiles(): SherpaModels {
  return { segmentation: path.join(speakerModelsDir(), "segmentation.onnx"), embedding: path.join(speakerModelsDir(), "embedding.onnx") };
}

/** The two model files when both are there (they appear only once verified), else null: the basic detector is used. */
export function speakerModelFiles(): SherpaModels | null {
  const files = wantedFiles();
  return ROLES.every((role) => existsSync(files[role])) ? files : null;
}

const missingRoles = () => ROLES.filter((role) => !existsSync(wantedFiles()[role]));

interface SpeakerDownloadOptions {
  /** bytes so far over every file being fetched, of their pinned total */
  onProgress?: (bytes: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Downloads the speaker models that are missing into DATA_DIR/models/speakers, segmentation
 * first: resumable, and each renamed into place only when its checksum matches
 * (lib/storage/verified-download.ts). Returns both files.
 */
export async function downloadSpeakerModels(options: SpeakerDownloadOptions = {}, models: SpeakerModelTable = SPEAKER_MODELS): Promise<SherpaModels> {
  const files = wantedFiles();
  const missing = missingRoles();
  const total = missing.reduce((sum, role) => sum + models[role].bytes, 0);
  const baseUrl = env().SPEAKER_MODELS_BASE_URL.replace(/\/+$/, "");
  let done = 0;
  for (const role of missing) {
    const model = models[role];
    await downloadVerified(
      { url: `${baseUrl}/${model.path}`, file: files[role], algorithm: "sha256", digest: model.sha256 },
      { signal: options.signal, onProgress: (bytes) => options.onProgress?.(done + bytes, total) },
    );
    done += model.bytes;
  }
  return files;
}

/**
 * The first start's speaker models, fetched in the background by the process that runs a
 * worker, like the whisper model (lib/transcription/model-provisioning.ts). Until they are
 * there the basic speaker detector labels speakers; operators see how far the download is.
 */
export type SpeakerProvisioningState =
  | { state: "off" } // SPEAKER_MODELS_AUTO_DOWNLOAD=false and the models are not there
  | { state: "present" } // both were there already
  | { state: "downloading"; bytes: number; total: number }
  | { state: "ready" }
  | { state: "failed"; reason: string };

// On globalThis, so every copy of this module in the process (Next.js bundles) shares one download.
const globalForSpeakers = globalThis as unknown as { verbatimSpeakerProvisioning?: { status: SpeakerProvisioningState; run?: Promise<void> } };

function slot() {
  globalForSpeakers.verbatimSpeakerProvisioning ??= { status: { state: "off" } };
  return globalForSpeakers.verbatimSpeakerProvisioning;
}

export function speakerProvisioningState(): SpeakerProvisioningState {
  return slot().status;
}

/** Starts the download once per process when it is wanted; later calls share it. */
export function provisionSpeakerModels(models: SpeakerModelTable = SPEAKER_MODELS): Promise<void> {
  const current = slot();
  current.run ??= provision(models);
  return current.run;
}

/**
 * An operator's retry: a failed download starts again (resuming what it had fetched); in any
 * other state there is nothing to retry, and the current run is shared.
 */
export function retrySpeakerProvisioning(models: SpeakerModelTable = SPEAKER_MODELS): Promise<void> {
  const current = slot();
  if (current.status.state === "failed") current.run = undefined;
  return provisionSpeakerModels(models);
}

async function provision(models: SpeakerModelTable): Promise<void> {
  const current = slot();
  // Models an operator copied in by hand count even when the download is off.
  if (speakerModelFiles()) {
    current.status = { state: "present" };
    return;
  }
  if (!env().SPEAKER_MODELS_AUTO_DOWNLOAD) {
    current.status = { state: "off" };
    return;
  }
  current.status = { state: "downloading", bytes: 0, total: missingRoles().reduce((sum, role) => sum + models[role].bytes, 0) };
  log().info({ directory: speakerModelsDir() }, "no speaker models: downloading them (SPEAKER_MODELS_AUTO_DOWNLOAD=false turns this off); the basic speaker detector is used meanwhile");
  try {
    await downloadSpeakerModels(
      {
        onProgress: (bytes, total) => {
          current.status = { state: "downloading", bytes, total };
        },
      },
      models,
    );
    current.status = { state: "ready" };
    log().info("speaker models ready: sherpa-onnx detects speakers from now on");
  } catch (error) {
    current.status = { state: "failed", reason: (error as Error).message };
    log().warn({ err: error }, "the speaker models could not be downloaded; the basic speaker detector carries on");
  }
}

/** For tests: forget this process's download so the next call starts afresh. */
export function resetSpeakerProvisioning(): void {
  delete globalForSpeakers.verbatimSpeakerProvisioning;
}
