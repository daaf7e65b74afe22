import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DomainError, type ErrorKind } from "@/lib/errors/domain-error";
import { run } from "@/lib/process/run";
import { TooLong, inspectAndNormalise, inspectUpload, normaliseUpload } from "./audio";
import { PLAYLIST_REFUSED, UNREADABLE } from "./media-whitelist";

const FIXTURES = path.resolve(__dirname, "../../test/fixtures/audio");

describe("inspectAndNormalise (real ffmpeg)", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-audio-"));
  const file = (name: string, bytes: Buffer | string) => {
    const p = path.join(dir, name);
    writeFileSync(p, bytes);
    return p;
  };
  const out = path.join(dir, "out.wav");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ["jfk.wav", 11.0],
    ["jfk.mp3", 11.0],
  ])("reads %s and writes 16 kHz mono WAV of its exact length", async (name, seconds) => {
    const { durationS } = await inspectAndNormalise(path.join(FIXTURES, name), out);
    expect(durationS).toBeCloseTo(seconds, 1);
    const probe = await run("ffprobe", ["-v", "error", "-show_entries", "stream=sample_rate,channels,codec_name", "-of", "csv=p=0", out], { timeoutMs: 120_000 });
    expect(probe.stdout.trim()).toBe("pcm_s16le,16000,1");
  });

  // What browsers and phones record or export, made here from the fixture by ffmpeg.
  it.each([
    ["rec.webm", ["-c:a", "libopus"]],
    ["voice.ogg", ["-c:a", "libopus"]],
    ["memo.m4a", ["-c:a", "aac"]],
    ["memo.aac", ["-c:a", "aac"]],
    ["song.flac", ["-c:a", "flac"]],
    ["clip.mp4", ["-c:a", "aac"]],
    ["clip.mov", ["-c:a", "aac"]],
  ])("reads %s", async (name, codec) => {
    const encoded = path.join(dir, name);
    const made = await run("ffmpeg", ["-v", "error", "-y", "-i", path.join(FIXTURES, "jfk.wav"), ...codec, encoded], { timeoutMs: 120_000 });
    expect(made.code).toBe(0);
    expect((await inspectAndNormalise(encoded, out)).durationS).toBeCloseTo(11, 0);
  });

  const refusals: Array<[string, () => string, ErrorKind, RegExp]> = [
    ["text", () => file("notes.mp3", "just some text, not audio at all"), "unsupported_media", /not audio we can read/],
    ["empty", () => file("empty.wav", Buffer.alloc(0)), "unsupported_media", /not audio/],
    ["a WAV cut off mid-file", () => file("cut.wav", readFileSync(path.join(FIXTURES, "jfk.wav")).subarray(0, 100_000)), "unprocessable", /cut off or damaged\. Only 0:03 of 0:11 could be read/],
    ["an MP3 cut off mid-file", () => file("cut.mp3", readFileSync(path.join(FIXTURES, "jfk.mp3")).subarray(0, 20_000)), "unprocessable", /Only 0:03 of 0:11 could be read/],
  ];
  it.each(refusals)("refuses %s", async (_label, make, kind, message) => {
    const error = await inspectAndNormalise(make(), out).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe(kind);
    expect((error as Error).message).toMatch(message);
  });

  it("the upload's quick check reads headers only: a cut-off WAV is refused there, a damaged MP3 only when decoded", async () => {
    const wav = await inspectUpload(file("cut2.wav", readFileSync(path.join(FIXTURES, "jfk.wav")).subarray(0, 100_000))).catch((e: unknown) => e);
    expect((wav as DomainError).kind).toBe("unprocessable");
    expect((wav as Error).message).toBe("This file seems to be cut off or damaged. Only 0:03 of 0:11 could be read. Upload the complete file again.");
    const mp3 = file("cut2.mp3", readFileSync(path.join(FIXTURES, "jfk.mp3")).subarray(0, 20_000));
    const { claimedS } = await inspectUpload(mp3);
    expect(claimedS).toBeCloseTo(11, 0);
    const decoded = await normaliseUpload(mp3, out, claimedS).catch((e: unknown) => e);
    expect((decoded as DomainError).kind).toBe("unprocessable");
    expect((decoded as Error).message).toMatch(/^This file seems to be cut off or damaged\. Only 0:03 of 0:11 could be read\./);
    expect(await normaliseUpload(path.join(FIXTURES, "jfk.mp3"), out, claimedS)).toBeCloseTo(11, 0);
  });

  it("stops at the allowance: a file longer than the time left is refused before it is decoded", async () => {
    const error = await inspectAndNormalise(path.join(FIXTURES, "jfk.wav"), out, 5).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooLong);
    expect((error as TooLong).seconds).toBeCloseTo(11, 0);
  });

  it("stops decoding at the allowance when the container does not say how long it is", async () => {
    // A stream whose length nothing says (ffprobe only estimates ADTS): decoding stops at the cap.
    const adts = path.join(dir, "stream.aac");
    await run("ffmpeg", ["-v", "error", "-y", "-i", path.join(FIXTURES, "jfk.wav"), "-c:a", "aac", "-f", "adts", adts], { timeoutMs: 120_000 });
    const fresh = path.join(dir, "capped.wav");
    const error = await normaliseUpload(adts, fresh, null, 3).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooLong);
    expect(statSync(fresh).size).toBeLessThan(5 * 32000);
  });
});

describe("hostile uploads: playlists, file lists and URLs inside the file", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-hostile-"));
  const out = path.join(dir, "out.wav");
  const secret = path.join(FIXTURES, "jfk.mp3");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const hls = (entry: string, end = true) =>
    `#EXTM3U\n#EXT-X-TARGETDURATION:20\n#EXTINF:11,\n${entry}\n${end ? "#EXT-X-ENDLIST\n" : ""}`;
  const cases: Array<[string, string, string, string]> = [
    ["an HLS playlist naming a local path", "p.m3u8", hls(secret), PLAYLIST_REFUSED],
    ["the same playlist named .mp3", "song.mp3", hls(secret), PLAYLIST_REFUSED],
    ["a playlist with a file: URL", "p.wav", hls(`file:${secret}`), PLAYLIST_REFUSED],
    ["a playlist pointing at a closed port", "p.m4a", hls("http://127.0.0.1:9/x.mp3"), PLAYLIST_REFUSED],
    ["a live playlist without an end tag", "live.mp3", hls("http://127.0.0.1:9/x.mp3", false), PLAYLIST_REFUSED],
    ["an ffconcat script", "list.wav", `ffconcat version 1.0\nfile '${secret}'\n`, PLAYLIST_REFUSED],
    ["a playlist after leading blank lines", "p.ogg", `\n\n  ${hls(secret)}`, PLAYLIST_REFUSED],
    // Not caught by the text check, refused by the demuxer whitelist.
    ["a concat script without its header", "list.mp3", `file '${secret}'\n`, UNREADABLE],
    ["an SDP description", "s.mp3", "v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=audio 9 RTP/AVP 0\n", UNREADABLE],
  ];

  it.each(cases)("refuses %s with 415, quickly, leaving no ffmpeg behind", async (_label, name, body, message) => {
    const upload = path.join(dir, name);
    writeFileSync(upload, body);
    const started = Date.now();
    const error = await inspectAndNormalise(upload, out).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe("unsupported_media");
    expect((error as Error).message).toBe(message);
    const left = await run("pgrep", ["-f", dir], { timeoutMs: 5000 });
    expect(left.stdout.trim()).toBe("");
  });
});
