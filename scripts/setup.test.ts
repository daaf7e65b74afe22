/**
 * The setup script on a machine without the speech tools. The OS package managers are
 * recording stand-ins on PATH (a test must not install system packages); everything else
 * the script runs is the real program.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const SCRIPT = path.resolve(__dirname, "setup.sh");
const BASH = spawnSync("sh", ["-c", "command -v bash"], { encoding: "utf8" }).stdout.trim();
let dir = "";
let bin = "";
let log = "";

function which(program: string): string {
  return spawnSync("sh", ["-c", `command -v ${program}`], { encoding: "utf8" }).stdout.trim();
}

/** A program that only records how it was called. */
function recorder(name: string) {
  const file = path.join(bin, name);
  writeFileSync(file, `#!/bin/sh\necho "${name} $*" >> "${log}"\n`);
  chmodSync(file, 0o755);
}

function setup(args: string[], options: { tools?: string[]; input?: string } = {}) {
  for (const tool of options.tools ?? []) recorder(tool);
  const result = spawnSync(BASH, [SCRIPT, ...args], {
    encoding: "utf8",
    input: options.input,
    env: { NODE_ENV: "test", PATH: bin, HOME: dir, POCKETSPHINX_MODEL_DIR: path.join(dir, "no-model") },
  });
  return { ...result, calls: readFileSync(log, "utf8").trim().split("\n").filter(Boolean) };
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "setup-"));
  bin = path.join(dir, "bin");
  log = path.join(dir, "calls.log");
  writeFileSync(log, "");
  spawnSync("mkdir", [bin]);
  // The real programs the script needs; no ffmpeg or PocketSphinx among them.
  for (const program of ["node", "id", "dirname", "sed", "env"]) symlinkSync(which(program), path.join(bin, program));
  for (const program of ["apt-get", "npm", "sudo"]) recorder(program);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("scripts/setup.sh", () => {
  it("lists what is missing and, with --dry-run, runs nothing", () => {
    const { status, stdout, calls } = setup(["--dry-run", "--yes"]);
    expect(status).toBe(0);
    expect(stdout).toContain("Missing: ffmpeg pocketsphinx pocketsphinx-en-us.");
    expect(stdout).toMatch(/\+ (sudo )?env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg pocketsphinx pocketsphinx-en-us/);
    expect(stdout).toContain("+ npm install --no-audit --no-fund");
    expect(stdout).toContain("+ npm run build");
    expect(stdout).toContain("+ npm start");
    expect(calls).toEqual([]);
  });

  it("with --yes installs through apt-get, then installs, builds and starts", () => {
    const { status, calls } = setup(["--yes"]);
    expect(status).toBe(0);
    const root = spawnSync("id", ["-u"], { encoding: "utf8" }).stdout.trim() === "0";
    const install = "apt-get install -y --no-install-recommends ffmpeg pocketsphinx pocketsphinx-en-us";
    expect(calls).toEqual([
      ...(root ? ["apt-get update", install] : ["sudo apt-get update", `sudo env DEBIAN_FRONTEND=noninteractive ${install}`]),
      "npm install --no-audit --no-fund",
      "npm run build",
      "npm start",
    ]);
  });

  it("asks first: a 'no' installs nothing and still builds", () => {
    const { status, stdout, calls } = setup(["--no-start"], { input: "n\n" });
    expect(status).toBe(0);
    // No terminal here: it does not wait for an answer, it says what to run.
    expect(stdout).toContain("Not asking (no terminal): run them yourself, or run this script with --yes.");
    expect(stdout).toContain("Skipped.");
    expect(calls).toEqual(["npm install --no-audit --no-fund", "npm run build"]);
  });

  it("installs nothing when the tools are there", () => {
    spawnSync("mkdir", ["-p", path.join(dir, "no-model")]);
    const { stdout, calls } = setup(["--no-start"], { tools: ["ffmpeg", "ffprobe", "pocketsphinx_continuous"] });
    expect(stdout).toContain("Nothing to install.");
    expect(calls).toEqual(["npm install --no-audit --no-fund", "npm run build"]);
  });

  it("refuses an unknown option", () => {
    const { status, stderr } = setup(["--fast"]);
    expect(status).toBe(2);
    expect(stderr).toContain("Unknown option: --fast");
  });
});
