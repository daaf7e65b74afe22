import { spawn } from "node:child_process";
import path from "node:path";
import { CommandNotFound, CommandTimedOut, run } from "./run";

const alive = async (pattern: string) => (await run("pgrep", ["-f", pattern], { timeoutMs: 5000 })).stdout.trim() !== "";

describe("run", () => {
  it("collects output and the exit code", async () => {
    expect(await run("sh", ["-c", "echo out; echo err >&2; exit 3"], { timeoutMs: 5000 })).toEqual({ code: 3, stdout: "out\n", stderr: "err\n" });
  });

  it("reports a missing program as not installed", async () => {
    await expect(run("no-such-program-here", [], { timeoutMs: 5000 })).rejects.toBeInstanceOf(CommandNotFound);
  });

  it("kills a program that runs past its time limit", async () => {
    const started = Date.now();
    await expect(run("sleep", ["31.5"], { timeoutMs: 300 })).rejects.toBeInstanceOf(CommandTimedOut);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await alive("sleep 31.5")).toBe(false);
  });

  it("kills the program when the caller aborts (a client gone, a job canceled)", async () => {
    const abort = new AbortController();
    const pending = run("sleep", ["32.5"], { timeoutMs: 60_000, signal: abort.signal });
    await new Promise((r) => setTimeout(r, 200));
    abort.abort();
    await expect(pending).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 100));
    expect(await alive("sleep 32.5")).toBe(false);
  });

  (process.platform === "linux" ? it : it.skip)("leaves nothing running when the calling process is killed with SIGKILL", async () => {
    const script = `require(${JSON.stringify(path.join(__dirname, "run.ts"))}).run("sleep", ["33.5"], { timeoutMs: 60000 }); setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ["--import", "tsx", "-e", script], { stdio: "ignore" });
    const deadline = Date.now() + 10_000;
    while (!(await alive("sleep 33.5")) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await alive("sleep 33.5")).toBe(true);
    parent.kill("SIGKILL");
    await new Promise((r) => setTimeout(r, 500));
    expect(await alive("sleep 33.5")).toBe(false);
  });
});
