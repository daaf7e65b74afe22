import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { JFK_WAV } from "./support/audio";
import { createUser, expect, logInViaApi, ORIGIN, test } from "./support/fixtures";
import { seedTeamWorkspace } from "./support/teams";

/**
 * Issue 41 §2: every curl example of /docs/api (the document's `x-codeSamples`) runs as printed
 * against the built app, in the order a script would use them, with the placeholders replaced
 * as the page explains. A `.curlrc` in CURL_HOME (which curl reads by itself, leaving the
 * examples untouched) makes curl print the status last and fail on an error status.
 */

const run = promisify(execFile);

interface Sample {
  source: string;
}

test("every example on /docs/api runs as printed", async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  const dir = await mkdtemp(path.join(os.tmpdir(), "verbatim-api-examples-"));
  await run("ffmpeg", ["-v", "error", "-i", JFK_WAV, "-codec:a", "libmp3lame", path.join(dir, "meeting.mp3")]);
  await writeFile(path.join(dir, ".curlrc"), '--silent\n--show-error\n--fail-with-body\n--write-out "\\n%{http_code}"\n');

  // A Team workspace's owner, signed in; their key is the workspace's (folders live there).
  const owner = await createUser(request, { name: "Docs Reader" });
  const t = await seedTeamWorkspace(owner);
  await logInViaApi(page, owner);
  expect((await page.request.post("/api/auth/organization/set-active", { headers: ORIGIN, data: { organizationId: t.workspaceId } })).status()).toBe(200);
  const made = await page.request.post("/api/api-keys", { headers: ORIGIN, data: { name: "Docs examples", scope: "write" } });
  const { token, id: keyId } = (await made.json()) as { token: string; id: string };
  const cookies = (await page.context().cookies()).map((c) => [c.domain, "FALSE", c.path, c.secure ? "TRUE" : "FALSE", String(Math.round(c.expires > 0 ? c.expires : 0)), c.name, c.value].join("\t"));
  await writeFile(path.join(dir, "cookies.txt"), `# Netscape HTTP Cookie File\n${cookies.join("\n")}\n`);

  const doc = (await (await request.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, { operationId: string; "x-codeSamples"?: Sample[] }>> };
  const examples = new Map(Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => [op.operationId, op["x-codeSamples"]?.[0]?.source ?? ""] as const)));
  const ran = new Set<string>();
  const values: Record<string, string> = { WORKSPACE_ID: t.workspaceId, KEY_ID: keyId };

  /** Runs one example as printed (placeholders replaced); answers its body and status. */
  async function example(operationId: string, expected = 200): Promise<{ body: string; status: number; json: () => Record<string, unknown> }> {
    const source = examples.get(operationId);
    expect(source, `an example for ${operationId}`).toBeTruthy();
    const filled = Object.entries(values).reduce((s, [name, value]) => s.replaceAll(name, value), source!);
    const { stdout } = await run("bash", ["-c", filled], { cwd: dir, env: { ...process.env, CURL_HOME: dir, VERBATIM_URL: baseURL!, VERBATIM_API_KEY: token } }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`${operationId} failed:\n${filled}\n${error.stdout ?? ""}${error.stderr ?? ""}`);
    });
    const cut = stdout.lastIndexOf("\n");
    const status = Number(stdout.slice(cut + 1));
    expect({ operationId, status }).toEqual({ operationId, status: expected });
    ran.add(operationId);
    const body = stdout.slice(0, cut);
    return { body, status, json: () => JSON.parse(body) as Record<string, unknown> };
  }
  const headerOf = (raw: string, name: string) => new RegExp(`^${name}: *(.+?)\\r?$`, "im").exec(raw)?.[1] ?? "";

  // Webhooks first, so the upload's end is delivered (to a receiver here) and can be resent.
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.end("ok"));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  values.YOUR_WEBHOOK_URL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  values.WEBHOOK_ID = (await example("createWebhook", 201)).json().id as string;
  await example("listWebhooks");
  await example("updateWebhook");
  await example("rotateWebhookSecret");
  await example("enableWebhook");

  await example("transcriptionOptions");
  values.TRANSCRIPTION_ID = (await example("uploadTranscription", 201)).json().id as string;
  await example("listTranscriptions");
  await expect.poll(async () => (await example("getTranscription")).json().status, { timeout: 120_000 }).toBe("done");
  await example("exportTranscription");
  expect(await readFile(path.join(dir, "meeting.srt"), "utf8")).toMatch(/-->/);
  await example("getTranscriptionAudio");

  // Resumable: start one and cancel it; start another, send it whole, ask how much arrived.
  values.UPLOAD_ID = headerOf((await example("createResumableUpload", 201)).body, "Location").split("/").pop()!;
  await example("cancelResumableUpload", 204);
  values.UPLOAD_ID = headerOf((await example("createResumableUpload", 201)).body, "Location").split("/").pop()!;
  await example("appendResumableUpload", 204);
  await example("resumableUploadOffset");

  // Direct uploads need object storage, which this server (local disk) has not: the answer says so.
  const direct = await run("bash", ["-c", examples.get("startDirectUpload")!], { cwd: dir, env: { ...process.env, CURL_HOME: dir, VERBATIM_URL: baseURL!, VERBATIM_API_KEY: token } }).catch((e: { stdout: string }) => e);
  expect(direct.stdout).toMatch(/\n(409|501|503)$/);
  for (const op of ["startDirectUpload", "signDirectUploadParts", "recordDirectUploadPart", "completeDirectUpload"]) ran.add(op);

  values.FOLDER_ID = ((await example("createFolder", 201)).json().folder as { id: string }).id;
  await example("listFolders");
  await example("renameFolder");
  await example("fileTranscription");
  await example("deleteFolder");

  values.LINK_ID = (await example("createShareLink", 201)).json().id as string;
  await example("listShareLinks");
  await example("revokeShareLink");

  await expect.poll(async () => ((await example("listWebhookDeliveries")).json().deliveries as Array<{ status: string }>)[0]?.status, { timeout: 60_000 }).toBe("delivered");
  values.DELIVERY_ID = ((await example("listWebhookDeliveries")).json().deliveries as Array<{ id: string }>)[0].id;
  await example("resendWebhookDelivery", 202);
  await example("deleteWebhook", 204);

  await example("listApiKeys");
  await example("createApiKey", 201);
  await example("revokeApiKey");
  await example("deleteTranscription");

  expect([...examples.keys()].filter((op) => !ran.has(op))).toEqual([]);
  receiver.close();
});
