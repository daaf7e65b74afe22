import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

// The logger writes straight to the process's stdout (file descriptor 1), so each case runs
// a small script in a child process and reads what it really wrote.
const run = promisify(execFile);
const LOGGER = JSON.stringify(path.join(__dirname, "logger.ts"));

async function outputOf(script: string, vars: Record<string, string>): Promise<string> {
  const code = `const { log, withLogContext } = require(${LOGGER});\n${script}`;
  const { stdout } = await run(process.execPath, ["--import", "tsx", "-e", code], {
    cwd: path.join(__dirname, "../.."),
    env: { ...process.env, LOG_FORMAT: undefined, LOG_LEVEL: undefined, ...vars },
  });
  return stdout;
}

async function linesOf(script: string, vars: Record<string, string>): Promise<Record<string, unknown>[]> {
  // JSON.parse throws on any line that is not one whole object.
  return (await outputOf(script, vars)).split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

const sleep = "(ms) => new Promise((resolve) => setTimeout(resolve, ms))";

describe("log()", () => {
  it("writes one JSON object per line, with the level, the message and the fields given", async () => {
    const lines = await linesOf(`log().info({ transcriptionId: "t-1" }, "saved"); log().error({ err: new Error("disk full") }, "could not save");`, {
      LOG_FORMAT: "json",
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, msg: "saved", transcriptionId: "t-1" });
    expect(typeof lines[0].time).toBe("number");
    expect(lines[1]).toMatchObject({ level: 50, msg: "could not save", err: { type: "Error", message: "disk full" } });
    expect((lines[1].err as { stack: string }).stack).toContain("disk full");
  });

  it("logs a failed query's SQL but never its values (a reset link, a transcript)", async () => {
    const script = `
      const failed = new Error("Failed query: insert into jobs (payload) values ($1)\\nparams: {\\"link\\":\\"https://x/reset?token=secret\\"}");
      failed.params = ["https://x/reset?token=secret"];
      failed.cause = Object.assign(new Error("duplicate key"), { params: ["secret"] });
      log().error({ err: failed }, "could not queue");`;
    const [line] = await linesOf(script, { LOG_FORMAT: "json" });
    const written = JSON.stringify(line);
    expect(written).toContain("insert into jobs");
    expect(written).toContain("params: (not logged)");
    expect(written).not.toContain("secret");
  });

  it("adds the context's fields to every line written inside it, across awaits, nested contexts merged", async () => {
    const script = `
      const sleep = ${sleep};
      log().info("outside");
      withLogContext({ requestId: "r-1" }, async () => {
        log().info("request");
        await sleep(5);
        await withLogContext({ jobId: "j-1", kind: "transcribe" }, async () => {
          await sleep(5);
          log().warn("job");
        });
        log().info("request again");
      });`;
    const lines = await linesOf(script, { LOG_FORMAT: "json" });
    expect(lines.map((l) => [l.msg, l.requestId, l.jobId, l.kind])).toEqual([
      ["outside", undefined, undefined, undefined],
      ["request", "r-1", undefined, undefined],
      ["job", "r-1", "j-1", "transcribe"],
      ["request again", "r-1", undefined, undefined],
    ]);
  });

  it("keeps concurrent contexts apart: each line carries its own request's id", async () => {
    const script = `
      const sleep = ${sleep};
      for (const [id, wait] of [["a", 20], ["b", 5]]) {
        withLogContext({ requestId: id }, async () => {
          log().info("start");
          await sleep(wait);
          log().info("end");
        });
      }`;
    const lines = await linesOf(script, { LOG_FORMAT: "json" });
    expect(lines.map((l) => `${l.msg}:${l.requestId}`)).toEqual(["start:a", "start:b", "end:b", "end:a"]);
  });

  it("writes JSON in production without LOG_FORMAT, and nothing below LOG_LEVEL", async () => {
    const script = `log().debug("detail"); log().info("news"); log().warn("trouble");`;
    const production = await linesOf(script, { NODE_ENV: "production", LOG_LEVEL: "warn" });
    expect(production.map((l) => [l.level, l.msg])).toEqual([[40, "trouble"]]);
    const debug = await linesOf(script, { LOG_FORMAT: "json", LOG_LEVEL: "debug" });
    expect(debug.map((l) => l.msg)).toEqual(["detail", "news", "trouble"]);
  });

  it("writes readable lines, not JSON, in the pretty format", async () => {
    const stdout = await outputOf(`withLogContext({ requestId: "r-9" }, () => log().info("hello"));`, { LOG_FORMAT: "pretty" });
    expect(stdout).toMatch(/INFO.*hello/);
    expect(stdout).toContain('requestId: "r-9"');
    expect(() => JSON.parse(stdout.split("\n")[0])).toThrow();
  });
});
