import { spawn } from "node:child_process";
import { once } from "node:events";
import { env } from "@/lib/env";
import type { EngineSegment } from "./types";
import { PermanentEngineError, type LiveRequest, type LiveTranscriber } from "./types";
import { parseSphinxOutput } from "./sphinx-output";

/**
 * One long-lived `pocketsphinx_continuous -infile /dev/stdin` per recording, fed raw 16 kHz
 * PCM as it arrives: it finds the ends of utterances itself and prints each one (hypothesis
 * and timed words) as soon as it ends — about 0.3 s after the speaker pauses, here. Its
 * output is read line by line; an utterance is complete at its `</s>` line.
 */
export function sphinxLive(request: LiveRequest): LiveTranscriber {
  if (request.language && request.language !== "en") throw new PermanentEngineError("PocketSphinx transcribes English only.");
  // Node gives a child a socket as stdin, which PocketSphinx cannot open as /dev/stdin;
  // `cat` turns it into a pipe. Its own process group, so an abort ends both.
  const child = spawn("/bin/sh", ["-c", 'cat | exec "$0" -infile /dev/stdin -time yes -logfn /dev/null', env().POCKETSPHINX_PATH], {
    stdio: ["pipe", "pipe", "ignore"],
    detached: true,
  });
  let aborted = false;
  let failure: Error | null = null;
  let block = "";
  let partial = "";
  // Utterances are reported one after another, in order, even when the callback is slow.
  let reported: Promise<void> = Promise.resolve();
  const shift = (s: EngineSegment): EngineSegment => ({
    ...s,
    startMs: s.startMs + request.offsetMs,
    endMs: s.endMs + request.offsetMs,
    words: s.words?.map((w) => ({ ...w, start_ms: w.start_ms + request.offsetMs, end_ms: w.end_ms + request.offsetMs })),
  });
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      block += `${line}\n`;
      if (!line.startsWith("</s> ")) continue;
      const utterances = parseSphinxOutput(block);
      block = "";
      for (const u of utterances) {
        reported = reported
          .then(() => (aborted ? undefined : request.onUtterance(shift(u))))
          .catch((error: unknown) => void (failure ??= error as Error));
      }
    }
  });
  child.on("error", (error) => (failure = error));
  child.stdin.on("error", (error) => (failure ??= error));
  const exited = once(child, "close").catch(() => undefined);

  return {
    async write(pcm) {
      if (failure) throw new PermanentEngineError(`PocketSphinx stopped: ${failure.message}`);
      if (aborted || !pcm.length) return;
      // Backpressure: a recording never piles up in memory faster than the engine reads it.
      if (!child.stdin.write(pcm)) await Promise.race([once(child.stdin, "drain"), exited]);
    },
    async end() {
      child.stdin.end();
      await exited;
      await reported;
      if (failure && !aborted) throw new PermanentEngineError(`PocketSphinx stopped: ${failure.message}`);
    },
    abort() {
      aborted = true;
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    },
  };
}
