import { spawn } from "node:child_process";
import { once } from "node:events";
import { env } from "@/lib/env";
import type { EngineSegment } from "./types";
import { PermanentEngineError, type LiveRequest, type LiveTranscriber } from "./types";
import { parseSphinxOutput } from "./sphinx-output";
import { sphinxStreamCommand } from "./sphinx-stream";
import { keywordsOf, placeSpots, writeKeywordFiles, type Spot } from "./sphinx-keywords";

/** Where the utterances of a printed block end (ms), from its last `</s>` line. */
function blockEndMs(block: string): number {
  const ends = [...block.matchAll(/^<\/s> \d+\.\d+ (\d+\.\d+)/gm)];
  return ends.length ? Math.round(Number(ends[ends.length - 1][1]) * 1000) : 0;
}

/**
 * One long-lived PocketSphinx per recording, fed raw 16 kHz PCM as it arrives. It finds the
 * ends of utterances itself (a pause) and prints each one with its timed words about 0.3 s
 * after it ends. With the library's Python binding (python3-pocketsphinx, through
 * sphinx-stream.py) it also prints the utterance's best hypothesis so far after every
 * chunk, shown as words still changing; without it, the `pocketsphinx_continuous` CLI
 * gives whole utterances only. Both run the same decoder with the same model, so the final
 * words are the same. Output is read line by line; an utterance is complete at `</s>`.
 */
export async function sphinxLive(request: LiveRequest): Promise<LiveTranscriber> {
  if (request.language && request.language !== "en") throw new PermanentEngineError("PocketSphinx transcribes English only.");
  // With a vocabulary, the helper listens for its terms too (sphinx-keywords.ts), and each one heard is placed in its utterance.
  const keywords = await keywordsOf(request.vocabulary ?? []);
  const streaming = await sphinxStreamCommand(keywords.length ? await writeKeywordFiles(request.workDir, keywords) : undefined);
  const termOf = new Map(keywords.map((k) => [k.name, k.term]));
  let spots: Spot[] = [];
  // The CLI: Node gives a child a socket as stdin, which PocketSphinx cannot open as
  // /dev/stdin; `cat` turns it into a pipe. Either way its own process group, so an abort
  // ends all of it.
  const [command, args] = streaming ?? ["/bin/sh", ["-c", 'cat | exec "$0" -infile /dev/stdin -time yes -logfn /dev/null', env().POCKETSPHINX_PATH]];
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "ignore"], detached: true });
  let aborted = false;
  let failure: Error | null = null;
  let block = "";
  let partial = "";
  // Utterances and the words in progress are reported in the order printed, even when a callback is slow.
  let reported: Promise<void> = Promise.resolve();
  const report = (step: () => Promise<void> | void) => {
    reported = reported.then(() => (aborted ? undefined : step())).catch((error: unknown) => void (failure ??= error as Error));
  };
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
      const heard = /^!(\S+) (\d+\.\d+) (\d+\.\d+)$/.exec(line);
      const term = heard && termOf.get(heard[1]);
      if (term) {
        spots.push({ term, startMs: Math.round(Number(heard[2]) * 1000), endMs: Math.round(Number(heard[3]) * 1000) });
        continue;
      }
      const guess = /^~(\d+) ?(.*)$/.exec(line);
      if (guess) {
        const [, heardMs, words] = guess;
        report(() => request.onPending?.(words.trim(), Number(heardMs) + request.offsetMs));
        continue;
      }
      block += `${line}\n`;
      if (!line.startsWith("</s> ")) continue;
      const last = blockEndMs(block);
      const utterances = placeSpots(parseSphinxOutput(block), spots);
      spots = spots.filter((s) => s.startMs >= last);
      block = "";
      for (const u of utterances) report(() => request.onUtterance(shift(u)));
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

