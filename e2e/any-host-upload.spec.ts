import { readFileSync } from "node:fs";
import http from "node:http";
import { createUser, expect, logInViaApi, test } from "./support/fixtures";
import { cookieHeader, expectDecodedToFullLength, largeFile } from "./support/large-files";
import { bucketObjectSize } from "./support/storage";
import { APP_URL, E2E, STACK_API } from "./support/stack-config";
import { startWebHost, type WebHost } from "./support/web-host";

/**
 * Issue 43: no sticky sessions. Two web hosts of one stack (the stack's and a second one this
 * spec starts on the same PostgreSQL and bucket) take the parts of one resumable upload in
 * turn, and the upload outlives the host that started it: killed (SIGKILL) in the middle of a
 * part, its upload goes on through the other host from the last part it stored, and becomes
 * the whole file, decoded to its full length.
 */
const MIB = 1024 * 1024;
const b64 = (text: string) => Buffer.from(text).toString("base64");

let second: WebHost | undefined;
test.afterAll(async () => {
  await second?.kill();
});

/** One tus request from this process, as a browser behind the load balancer would send it. */
function tus(host: string, cookie: string, method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  return fetch(`${host}${path}`, {
    method,
    headers: { cookie, origin: APP_URL, "tus-resumable": "1.0.0", "x-forwarded-for": "10.43.0.1", ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
}

/** A PATCH whose body trickles out, 256 KiB every 100 ms: the host is killed while it is under way. */
function slowPatch(host: string, cookie: string, path: string, offset: number, bytes: Buffer): { sent: () => number; done: Promise<unknown> } {
  let sent = 0;
  const done = new Promise((resolve) => {
    const req = http.request(`${host}${path}`, {
      method: "PATCH",
      headers: { cookie, origin: APP_URL, "tus-resumable": "1.0.0", "x-forwarded-for": "10.43.0.1", "upload-offset": String(offset), "content-type": "application/offset+octet-stream", "content-length": String(bytes.length) },
    });
    req.on("error", resolve);
    req.on("response", resolve);
    const next = () => {
      if (sent >= bytes.length || req.destroyed) return req.end();
      req.write(bytes.subarray(sent, sent + 256 * 1024));
      sent += 256 * 1024;
      setTimeout(next, 100);
    };
    next();
  });
  return { sent: () => sent, done };
}

test("a resumable upload goes through either web host, and survives the host that started it being killed mid-part", async ({ page }) => {
  test.setTimeout(300_000);
  const stack = (await (await fetch(`${STACK_API}/stack`)).json()) as { databaseUrl: string; s3: Record<string, string> };
  second = await startWebHost(stack, E2E.secondHostPort);
  const [first, other] = [APP_URL, second.url];

  await logInViaApi(page, await createUser(page.request));
  const me = (await (await page.request.get("/api/me")).json()) as { id: string };
  const cookie = await cookieHeader(page);
  const { file, size, seconds } = await largeFile(20_000_000);
  const bytes = readFileSync(file);

  // Started on the second host.
  const created = await tus(other, cookie, "POST", "/api/uploads", { "upload-length": String(size), "upload-metadata": `filename ${b64("Any host.wav")},filetype ${b64("audio/wav")}` });
  expect(created.status).toBe(201);
  const path = created.headers.get("location")!;
  expect(path).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);

  // Its first part goes to the stack's host, which never saw it start; either host says where it is.
  const part1 = await tus(first, cookie, "PATCH", path, { "upload-offset": "0", "content-type": "application/offset+octet-stream" }, bytes.subarray(0, 8 * MIB));
  expect(part1.status).toBe(204);
  for (const host of [first, other]) {
    const head = await tus(host, cookie, "HEAD", path, {});
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe(String(8 * MIB));
  }

  // The second part goes to the second host, which dies with 3 MiB of it read.
  const dying = slowPatch(other, cookie, path, 8 * MIB, bytes.subarray(8 * MIB, 16 * MIB));
  await expect.poll(() => dying.sent(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3 * MIB);
  await second.kill();
  await dying.done;

  // The client asks the host that is left where the upload is: the dead host's lease runs out
  // (15 s at most), and the upload is where the last stored part left it.
  const head = await tus(first, cookie, "HEAD", path, {});
  expect(head.status).toBe(200);
  const resumeAt = Number(head.headers.get("upload-offset"));
  expect(resumeAt).toBe(8 * MIB);

  const rest = await tus(first, cookie, "PATCH", path, { "upload-offset": String(resumeAt), "content-type": "application/offset+octet-stream" }, bytes.subarray(resumeAt));
  expect(rest.status).toBe(200);
  const transcription = (await rest.json()) as { id: string; status: string };
  expect(transcription.status).toBe("queued");
  expect(await bucketObjectSize(`${me.id}/${transcription.id}/original`)).toBe(size);
  await expectDecodedToFullLength(page, APP_URL, transcription.id, size, seconds);
});
