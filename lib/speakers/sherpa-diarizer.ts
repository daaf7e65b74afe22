import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { log } from "@/lib/log/logger";
import { DiarizationError, type DiarizeRequest, type LocalSpeaker } from "./diarization";

export interface SherpaModels {
  /** pyannote segmentation 3.0 (ONNX, with sherpa-onnx's metadata) */
  segmentation: string;
  /** a WeSpeaker / 3D-Speaker / NeMo speaker-embedding model (ONNX) */
  embedding: string;
}

export interface SherpaOptions {
  /**
   * Longest stretch diarized at once. sherpa-onnx's clustering compares every 10-s window with
   * every other, so its cost grows with the square of the length; chunks of 10 minutes keep it
   * linear, and the file-wide clustering joins the chunks' speakers.
   */
  chunkSeconds?: number;
}

const SHERPA_CHUNK_SECONDS = 600;
const STDERR_LINES = 10;

/** What the child sends (lib/speakers/sherpa-child.mjs). */
type ChildMessage =
  | { type: "loading" }
  | { type: "loaded" }
  | { type: "done"; speakers: LocalSpeaker[] }
  | { type: "failed"; message: string; detail?: string };

// On Linux, setpriv asks the kernel to kill the child when this process dies (as lib/process/run.ts
// does for programs): a worker killed with SIGKILL must not leave a diarizer running.
const SETPRIV = "/usr/bin/setpriv";
const parentDeathGuard = process.platform === "linux" && existsSync(SETPRIV);

const canceled = () => new DOMException("Speaker detection canceled", "AbortError");

const CHILD_SCRIPT = "lib/speakers/sherpa-child.mjs";

/** Generous: the models run several times faster than real time on one core. */
const timeLimitMs = (durationS: number) => (2 * durationS + 60) * 1000;

/**
 * Who speaks when in each chunk of the file, by sherpa-onnx in a child process: a bad model or
 * a native crash ends the child, and this rejects with a DiarizationError. The child is killed
 * when `request.signal` aborts (rejecting with an AbortError) or when it runs past its time limit.
 */
export function diarizeWithSherpa(request: DiarizeRequest, models: SherpaModels, options: SherpaOptions = {}): Promise<LocalSpeaker[]> {
  if (request.signal?.aborted) return Promise.reject(canceled());
  // A plain script beside the app's sources, named at run time: the bundler must not try to
  // bundle it (it would fail to resolve it, and the child must load sherpa-onnx-node itself).
  const script = path.join(process.cwd(), ...CHILD_SCRIPT.split("/"));
  const [command, args] = parentDeathGuard ? [SETPRIV, ["--pdeathsig", "KILL", "--", process.execPath, script]] : [process.execPath, [script]];

  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe", "ipc"] });
    let stage: "starting" | "loading" | "running" = "starting";
    let settled = false;
    let timedOut = false;
    let stderr = "";
    child.stdout?.resume();
    child.stderr?.setEncoding("utf8").on("data", (data: string) => {
      stderr = (stderr + data).slice(-4096);
    });
    const stderrTail = () => stderr.split("\n").filter((line) => line.trim()).slice(-STDERR_LINES);
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeLimitMs(request.durationS));

    const finish = (outcome: { speakers: LocalSpeaker[] } | { error: Error }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener("abort", onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      if ("speakers" in outcome) resolve(outcome.speakers);
      else reject(outcome.error);
    };
    const fail = (message: string, fields: Record<string, unknown>) => {
      log().warn({ ...fields, stderr: stderrTail() }, `Speaker detection failed: ${message}`);
      finish({ error: new DiarizationError(message) });
    };
    const onAbort = () => finish({ error: canceled() });
    request.signal?.addEventListener("abort", onAbort, { once: true });

    child.on("message", (received) => {
      const message = received as ChildMessage; // our own child's protocol
      if (message.type === "loading") stage = "loading";
      else if (message.type === "loaded") stage = "running";
      else if (message.type === "done") finish({ speakers: message.speakers });
      else fail(message.message, { detail: message.detail });
    });
    child.on("error", (error) => fail("The speaker detector could not be started.", { err: error }));
    // "close" comes after the child's stderr has ended, so the log has its last words.
    child.on("close", (code, signal) => {
      if (settled) return;
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      if (timedOut) fail("The speaker detector took too long and was stopped.", { code, signal });
      // SIGKILL comes from outside (the OOM killer, an operator), never from a bad model
      else if (stage === "loading" && signal !== "SIGKILL") fail("The speaker model could not be loaded.", { code, signal });
      else fail(`The speaker detector stopped unexpectedly (${how}).`, { code, signal });
    });

    const job = { wavPath: request.wavPath, models, chunkSeconds: options.chunkSeconds ?? SHERPA_CHUNK_SECONDS, speakers: request.speakers };
    // A child that is already gone is reported by "close" (or "error"), with its stderr.
    child.send(job, () => {});
  });
}
