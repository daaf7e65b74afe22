import { spawn } from "node:child_process";

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** called with each stdout chunk as it arrives (progress parsing) */
  onStdout?: (chunk: string) => void;
  /** keep at most this many characters of each stream (the tail) */
  maxOutput?: number;
}

export class CommandNotFound extends Error {}

/** Runs a program without a shell; output is collected, and abort kills it. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const max = options.maxOutput ?? 4 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], signal: options.signal });
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
      if (error.code === "ENOENT") reject(new CommandNotFound(`${command} is not installed`));
      else reject(error);
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
