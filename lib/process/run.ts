import { spawn } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import path from "node:path";
import { searchPath } from "@/lib/env";

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** aborting kills the program at once (a canceled job, a client that went away) */
  signal?: AbortSignal;
  /** the program is killed after this long; every caller says how long its work may take */
  timeoutMs: number;
  /** called with each stdout chunk as it arrives (progress parsing) */
  onStdout?: (chunk: string) => void;
  /** keep at most this many characters of each stream (the tail) */
  maxOutput?: number;
}

export class CommandNotFound extends Error {}

/** The program ran past its time limit and was killed. */
export class CommandTimedOut extends Error {
  constructor(command: string, timeoutMs: number) {
    super(`${path.basename(command)} did not finish within ${Math.round(timeoutMs / 1000)} s`);
  }
}

/** Resolves a command the way a shell would, so a missing program is reported as such. */
function resolveCommand(command: string): string | null {
  const executable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (command.includes("/")) return executable(command) ? command : null;
  for (const dir of searchPath().split(path.delimiter)) {
    if (dir && executable(path.join(dir, command))) return path.join(dir, command);
  }
  return null;
}

// On Linux, setpriv asks the kernel to kill the program when this process dies, so a
// worker killed with SIGKILL leaves no ffmpeg or PocketSphinx running behind it.
const SETPRIV = "/usr/bin/setpriv";
const parentDeathGuard = process.platform === "linux" && existsSync(SETPRIV);

/**
 * Runs a program without a shell; output is collected. It is killed (SIGKILL) when
 * `signal` aborts, when `timeoutMs` passes, or when this process dies.
 */
export function run(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  const max = options.maxOutput ?? 4 * 1024 * 1024;
  const resolved = resolveCommand(command);
  if (!resolved) return Promise.reject(new CommandNotFound(`${command} is not installed`));
  if (options.signal?.aborted) return Promise.reject(options.signal.reason ?? new Error("aborted"));
  const [file, argv] = parentDeathGuard ? [SETPRIV, ["--pdeathsig", "KILL", "--", resolved, ...args]] : [resolved, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ["ignore", "pipe", "pipe"], signal: options.signal, killSignal: "SIGKILL" });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, options.timeoutMs);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      options.onStdout?.(d);
      stdout = (stdout + d).slice(-max);
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr = (stderr + d).slice(-max);
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code === "ENOENT") reject(new CommandNotFound(`${command} is not installed`));
      else reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new CommandTimedOut(command, options.timeoutMs));
      else resolve({ code, stdout, stderr });
    });
  });
}
