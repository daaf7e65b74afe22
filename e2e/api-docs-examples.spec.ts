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
  const { token } = (await made.json()) as { token: string };
  const cookies = (await page.context().cookies()).map((c) => [c.domain, "FALSE", c.path, c.secure ? "TRUE" : "FALSE", String(Math.round(c.expires > 0 ? c.expires : 0)), c.name, c.value].join("\t"));
  await writeFile(path.join(dir, "cookies.txt"), `# Netscape HTTP Cookie File\n${cookies.join("\n")}\n`);

  const doc = (await (await request.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, { operationId: string; "x-codeSamples"?: Sample[] }>> };
  const examples = new Map(Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => [op.operationId, op["x-codeSamples"]?.[0]?.source ?? ""] as const)));
  const ran = new Set<string>();
  const values: Record<string, string> = { WORKSPACE_ID: t.workspaceId };

  /** Runs one example as printed (placeholders replaced); answers its body and status. */
  async function example(operationId: string, expected = 200): Promise<{ body: string; status: number; json: () => Record<string, unknown> }> {
    const source = examples.get(operationId);
    expect(source, `an example for ${operationId}`).toBeTruthy();
    // Whole words only: UPLOAD_ID is not the tail of DIRECT_UPLOAD_ID.
    const filled = Object.entries(values).reduce((s, [name, value]) => s.replace(new RegExp(`\\b${name}\\b`, "g"), () => value), source!);
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
  await example("pingWebhook", 202);

  // The space's vocabulary and rules, before the upload that takes them.
  values.TERM_ID = (await example("addVocabularyTerm", 201)).json().id as string;
  await example("updateVocabularyTerm");
  expect(((await example("listVocabulary")).json().terms as Array<{ sounds_like: string[] }>)[0].sounds_like).toEqual(["dash wood", "dashed wood"]);
  values.RULE_ID = (await example("addReplacement", 201)).json().id as string;
  await example("updateReplacement");
  expect(((await example("listReplacements")).json().rules as Array<{ replace: string }>)[0].replace).toBe("Email");

  await example("transcriptionOptions");
  values.TRANSCRIPTION_ID = (await example("uploadTranscription", 201)).json().id as string;
  await example("listTranscriptions");
  await expect.poll(async () => (await example("getTranscription")).json().status, { timeout: 120_000 }).toBe("done");
  await example("exportTranscription");
  expect(await readFile(path.join(dir, "meeting.srt"), "utf8")).toMatch(/-->/);
  await example("getTranscriptionAudio");
  expect((await example("renameTranscription")).json().title).toBe("Board meeting, March");

  // Resumable: start one and cancel it; start another, send it whole, ask how much arrived.
  values.UPLOAD_ID = headerOf((await example("createResumableUpload", 201)).body, "Location").split("/").pop()!;
  await example("cancelResumableUpload", 204);
  values.UPLOAD_ID = headerOf((await example("createResumableUpload", 201)).body, "Location").split("/").pop()!;
  expect((await example("appendResumableUpload")).json().id).toBe(values.UPLOAD_ID);
  await example("resumableUploadOffset");
  // The resumed upload became a transcription, queued or running: canceled, it stops.
  const kept = values.TRANSCRIPTION_ID;
  values.TRANSCRIPTION_ID = values.UPLOAD_ID;
  expect((await example("cancelTranscription")).json().status).toBe("canceled");
  values.TRANSCRIPTION_ID = kept;

  // Straight to the bucket (the e2e stack has S3_DIRECT_UPLOADS on): one part, sent, recorded, finished.
  const direct = (await example("startDirectUpload", 201)).json() as { id: string; part_count: number };
  expect(direct.part_count).toBe(1);
  values.DIRECT_UPLOAD_ID = direct.id;
  values.PART_URL = ((await example("signDirectUploadParts")).json().urls as Record<string, string>)["1"];
  await example("recordDirectUploadPart");
  const finished = (await example("completeDirectUpload", 201)).json() as { id: string };
  await expect.poll(async () => ((await request.get(`/api/transcriptions/${finished.id}`, { headers: { authorization: `Bearer ${token}` } })).json()).then((t: { status: string }) => t.status), { timeout: 120_000 }).toBe("done");

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
  await example("deleteVocabularyTerm");
  await example("deleteReplacement");

  await example("listApiKeys");
  // The example's new key is the one revoked (the test's own key still has work to do).
  values.KEY_ID = (await example("createApiKey", 201)).json().id as string;
  await example("revokeApiKey");
  await example("deleteTranscription");

  expect([...examples.keys()].filter((op) => !ran.has(op))).toEqual([]);
  receiver.close();
});
