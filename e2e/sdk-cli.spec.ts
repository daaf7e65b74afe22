import { execFile } from "node:child_process";
import { copyFile, mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createWebhook, pingWebhook } from "@/lib/api/endpoints/webhooks";
import { deleteTranscription } from "@/lib/api/endpoints/transcription";
import { Verbatim, verifyWebhookSignature } from "../sdk/verbatim-client";
import { CLI_EXAMPLES, CLIENT_EXAMPLE, VERIFY_EXAMPLE } from "@/lib/api-docs/openapi-examples";
import { JFK_WAV } from "./support/audio";
import { createUser, expect, logInViaApi, ORIGIN, test } from "./support/fixtures";
import { subscribe } from "./support/transcripts";

/**
 * Issue 41 §4: the `verbatim` command line as the README shows it (`npx verbatim transcribe
 * interview.mp3 --format srt --wait`, the key from VERBATIM_API_KEY), run from the repository
 * against the built app, and the typed client it is built on: a resumed upload, a webhook
 * made, pinged and its signature checked with the client's helper.
 */

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

async function setUp(page: import("@playwright/test").Page, request: import("@playwright/test").APIRequestContext) {
  const user = await createUser(request, { name: "Script Writer" });
  await subscribe(user.email, "pro");
  await logInViaApi(page, user);
  const key = async (scope: "read" | "write") =>
    ((await (await page.request.post("/api/api-keys", { headers: ORIGIN, data: { name: `CLI ${scope}`, scope } })).json()) as { token: string }).token;
  const dir = await mkdtemp(path.join(os.tmpdir(), "verbatim-cli-"));
  return { write: await key("write"), read: await key("read"), dir };
}

const run = (command: string, env: Record<string, string>): Promise<Ran> =>
  new Promise((resolve) => {
    execFile("bash", ["-c", command], { cwd: process.cwd(), env: { ...process.env, ...env }, timeout: 170_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });

/** An example as /docs/api prints it, its placeholders replaced as the page explains (whole words). */
const filled = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((s, [name, value]) => s.replace(new RegExp(`\\b${name.replace(".", "\\.")}\\b`, "g"), () => value), text);

test("the command line's and the client's examples on /docs/api run as printed, and the command line says what is wrong", async ({ page, request, baseURL }) => {
  test.setTimeout(420_000);
  const { write, read, dir } = await setUp(page, request);
  const env = { VERBATIM_URL: baseURL!, VERBATIM_API_KEY: write, VERBATIM_UPLOAD_MEMORY: path.join(dir, "uploads.json") };
  // The files live in a folder of their own; the commands run from the clone, as documented. The
  // audio is JFK's WAV (its MP3 is heard worse by the e2e stack's PocketSphinx).
  await copyFile(JFK_WAV, path.join(dir, "interview.wav"));
  const values: Record<string, string> = { "interview.mp3": path.join(dir, "interview.wav"), "interview.srt": path.join(dir, "interview.srt"), "interview.docx": path.join(dir, "interview.docx") };
  const example = async (index: number) => {
    const { command } = CLI_EXAMPLES[index];
    const ran = await run(filled(command, values), env);
    expect({ command, code: ran.code, stderr: ran.code ? ran.stderr : "" }).toEqual({ command, code: 0, stderr: "" });
    return ran;
  };

  const made = await example(0);
  expect(made.stderr).toMatch(/Uploaded: transcription [0-9a-f-]{36} is queued\./);
  expect(made.stderr).toMatch(/interview: done/);
  const srt = await readFile(values["interview.srt"], "utf8");
  expect(srt).toMatch(/^1\n00:00:00,\d{3} --> 00:00:\d{2},\d{3}\n/);
  // The e2e stack's engine is PocketSphinx: of JFK's sentence it reliably hears "country".
  expect(srt.toLowerCase()).toContain("country");
  const first = /transcription ([0-9a-f-]{36})/.exec(made.stderr)![1];

  const uploaded = await example(1);
  values.TRANSCRIPTION_ID = uploaded.stdout.trim();
  expect(values.TRANSCRIPTION_ID).toMatch(/^[0-9a-f-]{36}$/);
  await example(2);
  expect((await example(3)).stdout).toContain(`${first}\tdone\tinterview`);
  const status = JSON.parse((await example(4)).stdout) as { id: string; status: string; segments: unknown[] };
  expect(status).toMatchObject({ id: values.TRANSCRIPTION_ID, status: "done" });
  expect(status.segments.length).toBeGreaterThan(0);
  expect((await example(5)).stderr).toMatch(/^Saved .+\.docx to .+interview\.docx\.\n$/);
  expect((await readFile(values["interview.docx"])).subarray(0, 2).toString()).toBe("PK");
  expect(CLI_EXAMPLES).toHaveLength(6);

  // The client's example, a script of one's own, run with tsx from the clone.
  const script = path.join(dir, "my-script.ts");
  await writeFile(script, filled(CLIENT_EXAMPLE.replaceAll('"./', `"${process.cwd()}/`), values));
  const client = await run(`npx tsx ${script}`, env);
  expect(client.code, client.stderr).toBe(0);
  expect(client.stdout.toLowerCase()).toContain("country");
  expect(client.stderr).toMatch(/^queued$|^processing$/m);
  expect(client.stderr).toMatch(/\.vtt: \d+ bytes/);
  expect(client.stderr).toContain("Renamed to Interview with Maya.");

  const cli = (args: string[], changed: Record<string, string> = {}) => run(`npx verbatim ${args.map((a) => `'${a}'`).join(" ")}`, { ...env, ...changed });
  const id = first;
  const saved = await cli(["export", id, "--format", "txt", "--out", path.join(dir, "jfk.txt")]);
  expect(saved.code, saved.stderr).toBe(0);
  expect((await readFile(path.join(dir, "jfk.txt"), "utf8")).toLowerCase()).toContain("country");

  // What is wrong is said, with exit 2 for the command, 1 for the server's refusals.
  expect(await cli(["transcribe", JFK_WAV], { VERBATIM_API_KEY: "" })).toMatchObject({ code: 2, stderr: expect.stringContaining("Set VERBATIM_API_KEY to an API key from the Developers page.") });
  expect(await cli(["fly"])).toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown command "fly".') });
  expect(await cli(["transcribe", JFK_WAV, "--speakers", "40"])).toMatchObject({ code: 2, stderr: expect.stringContaining('--speakers takes a whole number from 1 to 10, not "40".') });
  expect(await cli(["export", id])).toMatchObject({ code: 2, stderr: expect.stringContaining("Choose a format with --format") });
  expect(await cli(["export", id, "--format", "txt", "--out", path.join(dir, "no-such-folder", "x.txt")])).toMatchObject({ code: 2, stderr: expect.stringContaining("its folder does not exist or is not writable") });
  expect(await cli(["transcribe", path.join(dir, "missing.mp3")])).toMatchObject({ code: 1, stderr: expect.stringContaining("There is no file at") });
  expect(await cli(["list"], { VERBATIM_API_KEY: "vbt_not_a_key" })).toMatchObject({ code: 1, stderr: "This API key is not valid.\n" });
  expect(await cli(["transcribe", JFK_WAV], { VERBATIM_API_KEY: read })).toMatchObject({ code: 1, stderr: expect.stringContaining("This API key can only read.") });
  expect(await cli(["export", id, "--format", "odt"])).toMatchObject({ code: 1, stderr: expect.stringContaining('Unknown export format "odt"') });
  expect(await cli(["transcribe", JFK_WAV, "--language", "english"])).toMatchObject({ code: 1, stderr: expect.stringContaining('"english" is not a language code.') });
  expect(await cli(["status", id], { VERBATIM_URL: "http://127.0.0.1:9" })).toMatchObject({ code: 1, stderr: expect.stringContaining("Could not reach the server at http://127.0.0.1:9") });
});

test("the typed client resumes a stopped upload from what arrived, and checks a pinged webhook's signature", async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  const { write, dir } = await setUp(page, request);
  const client = new Verbatim({ url: baseURL!, apiKey: write, uploadMemory: path.join(dir, "uploads.json") });

  // About 27 MB: four parts of 8 MiB. Stopped once the first part is in, sent again: it starts from there.
  const big = path.join(dir, "long.wav");
  await new Promise<void>((resolve, reject) =>
    execFile("ffmpeg", ["-v", "error", "-stream_loop", "13", "-i", JFK_WAV, "-ar", "44100", "-ac", "2", big], (error) => (error ? reject(error) : resolve())),
  );
  expect((await stat(big)).size).toBeGreaterThan(24 * 1024 * 1024);
  const stop = new AbortController();
  const first = client.upload(big, { language: "en", signal: stop.signal, onProgress: (sent) => sent > 9 * 1024 * 1024 && stop.abort() });
  await expect(first).rejects.toThrow("The upload was stopped. Upload the same file again to resume it.");
  const remembered = JSON.parse(await readFile(path.join(dir, "uploads.json"), "utf8")) as Array<{ uploadUrl: string }>;
  expect(remembered).toHaveLength(1);
  const uploadId = remembered[0].uploadUrl.split("/").pop();

  let resumedFrom = -1;
  const created = await client.upload(big, { language: "en", onProgress: (sent) => (resumedFrom = resumedFrom < 0 ? sent : resumedFrom) });
  expect(created.id).toBe(uploadId);
  expect(resumedFrom).toBeGreaterThanOrEqual(8 * 1024 * 1024);
  expect(JSON.parse(await readFile(path.join(dir, "uploads.json"), "utf8"))).toEqual([]);
  await client.call(deleteTranscription, { params: { id: created.id }, query: { permanent: "1" } });
  await expect(client.transcription(created.id)).rejects.toMatchObject({ status: 404 });

  // A webhook made and pinged through the client; the receiver checks the call with its helper.
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => (received.push({ headers: req.headers, body }), res.end("ok")));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const hook = await client.call(createWebhook, { body: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in` } });
    const ping = await client.call(pingWebhook, { params: { id: hook.id } });
    expect(ping).toMatchObject({ event: "webhook.ping", status: "pending", transcription_id: null });
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    const [call] = received;
    expect(verifyWebhookSignature(hook.secret, call.headers["verbatim-signature"] as string, call.body)).toBe(true);
    expect(verifyWebhookSignature(hook.secret, call.headers["verbatim-signature"] as string, call.body.replace("ping", "pong"))).toBe(false);
    expect(JSON.parse(call.body)).toMatchObject({ id: ping.id, type: "webhook.ping", data: { webhook_id: hook.id } });

    // The standalone check /docs/api prints, run on the same delivery: it passes, and fails once a byte changed.
    const verify = path.join(dir, "verify.ts");
    await writeFile(verify, `${VERIFY_EXAMPLE}\nimport { readFileSync } from "node:fs";\nconsole.log(String(verifyWebhookSignature(process.env.SECRET!, process.env.HEADER!, readFileSync(process.env.BODY_FILE!, "utf8"))));\n`);
    const check = async (body: string) => {
      await writeFile(path.join(dir, "body.json"), body);
      return (await run(`npx tsx ${verify}`, { SECRET: hook.secret, HEADER: call.headers["verbatim-signature"] as string, BODY_FILE: path.join(dir, "body.json") })).stdout.trim();
    };
    expect(await check(call.body)).toBe("true");
    expect(await check(call.body.replace("ping", "pong"))).toBe("false");
  } finally {
    receiver.close();
  }
});
