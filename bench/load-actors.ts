/**
 * bench:load's simulated clients: people in a browser (sign in, list, search, open, export,
 * upload whole or by tus and wait for the transcript), people recording live, and scripts with
 * an API key. Each waits a think time between actions and starts none after the round ends;
 * uploads and recordings already under way are finished and waited for.
 */
import type { ApiRecording } from "@/lib/api/contract/recordings";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import { EXPORT_FORMATS } from "@/lib/exports/formats";
import { LIVE_CHUNK_BYTES, LIVE_CHUNK_MS } from "@/lib/recordings/store/pcm-chunks";
import { LoadClient } from "./load-client";
import type { LoadStats } from "./load-stats";

/** Chunks per request, as the browser's recorder sends them (a second at a time). */
const CHUNKS_PER_REQUEST = 4;
/** Small tus PATCHes, so one upload's parts go to both hosts (round-robin). */
const TUS_PART_BYTES = 128 * 1024;
const POLL_MS = 2000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

export interface Round {
  base: string;
  stats: LoadStats;
  /** performance.now() after which no action starts */
  endsAt: number;
  /** how long a started upload or recording is waited for after that */
  drainMs: number;
  /** the short real clip every upload sends (a WAV) */
  clip: Buffer;
  /** the speech every live recording sends (16 kHz PCM, whole chunks) */
  pcm: Buffer;
  uploads: UploadRecord[];
  recordings: RecordingRecord[];
  /** called when a recording's last chunk is sent (before it stops) */
  onRecorded?: (record: RecordingRecord) => void;
}

interface UploadRecord {
  kind: "raw" | "tus" | "api";
  id: string | null;
  /** the transcription's last status seen, or why it never became one */
  status: string;
  text: string | null;
}

interface RecordingRecord {
  id: string;
  live: boolean;
  chunksSent: number;
  /** the server's count of chunks received, from its last answer */
  chunksReceived: number;
  status: string;
  durationS: number | null;
  /** times the event stream broke and was opened again */
  streamReconnects: number;
}

export interface Person {
  email: string;
  password: string;
  /** the address this client is behind (its X-Forwarded-For) */
  ip: string;
  /** finished transcripts it has from the start */
  transcripts: string[];
}

type Detail = Pick<ApiTranscription, "id" | "status" | "duration_s"> & { segments?: { text: string }[] };

/** Polls the transcription until it is done (or failed, or the round's drain time is over). */
async function waitForTranscript(client: LoadClient, round: Round, record: { status: string }, id: string): Promise<Detail | null> {
  const deadline = round.endsAt + round.drainMs;
  for (;;) {
    const t = await client.json<Detail>("GET", "/api/transcriptions/{id} (poll)", `/api/transcriptions/${id}`);
    if (t) record.status = t.status;
    if (t && ["done", "failed", "canceled"].includes(t.status)) return t;
    if (performance.now() > deadline) return t;
    await sleep(POLL_MS);
  }
}

const transcriptText = (t: Detail | null) => (t?.status === "done" ? (t.segments ?? []).map((s) => s.text).join(" ") : null);

export async function rawUpload(client: LoadClient, round: Round, kind: "raw" | "api"): Promise<string | null> {
  const record: UploadRecord = { kind, id: null, status: "not accepted", text: null };
  round.uploads.push(record);
  const answer = await client.retried(3, "POST", "/api/transcriptions (upload)", "/api/transcriptions?filename=jfk.wav&language=en", round.clip, { "content-type": "audio/wav" });
  if (answer?.status !== 201) {
    record.status = `refused: ${answer?.status ?? "no answer"} ${answer?.body.toString("utf8").slice(0, 120) ?? ""}`;
    return null;
  }
  record.id = (JSON.parse(answer.body.toString("utf8")) as ApiTranscription).id;
  record.text = transcriptText(await waitForTranscript(client, round, record, record.id));
  return record.id;
}

const b64 = (s: string) => Buffer.from(s).toString("base64");

/** tus as tus-js-client sends it: create, PATCH from the offset, and after a failure HEAD for the offset and go on from there. */
async function tusUpload(client: LoadClient, round: Round): Promise<string | null> {
  const record: UploadRecord = { kind: "tus", id: null, status: "not accepted", text: null };
  round.uploads.push(record);
  const tus = { "tus-resumable": "1.0.0" };
  const created = await client.retried(3, "POST", "/api/uploads", "/api/uploads", undefined, {
    ...tus,
    "upload-length": String(round.clip.length),
    "upload-metadata": `filename ${b64("jfk.wav")},filetype ${b64("audio/wav")},language ${b64("en")}`,
  });
  const location = created?.headers.get("location");
  if (created?.status !== 201 || !location) {
    record.status = `refused: ${created?.status ?? "no answer"}`;
    return null;
  }
  // The upload's id is the transcription's.
  const id = location.split("/").pop()!;
  record.id = id;
  let offset = 0;
  for (let failures = 0; offset < round.clip.length; ) {
    const part = round.clip.subarray(offset, offset + TUS_PART_BYTES);
    const answer = await client.call("PATCH", "/api/uploads/{id}", `/api/uploads/${id}`, part, { ...tus, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" });
    if (answer && (answer.status === 204 || answer.status === 200)) {
      offset = Number(answer.headers.get("upload-offset") ?? offset + part.length);
      continue;
    }
    if (++failures > 5) {
      record.status = `gave up at byte ${offset}: ${answer?.status ?? "no answer"}`;
      return null;
    }
    await sleep(1000);
    const head = await client.call("HEAD", "/api/uploads/{id}", `/api/uploads/${id}`, undefined, tus);
    if (head?.status === 200) offset = Number(head.headers.get("upload-offset"));
  }
  record.text = transcriptText(await waitForTranscript(client, round, record, id));
  return id;
}

const thinkMs = () => 2000 + Math.random() * 6000;

/** Runs `actions` (weight, action) with think times until the round ends. */
async function loop(round: Round, actions: [number, () => Promise<unknown>][]): Promise<void> {
  const total = actions.reduce((sum, [w]) => sum + w, 0);
  for (;;) {
    await sleep(thinkMs());
    if (performance.now() >= round.endsAt) return;
    let r = Math.random() * total;
    const [, action] = actions.find(([w]) => (r -= w) < 0) ?? actions[0]!;
    await action();
  }
}

/** Someone in the dashboard: mostly reading, now and then an upload, whose transcript they wait for. */
export async function browserUser(round: Round, person: Person): Promise<void> {
  const client = new LoadClient(round.base, round.stats, { "x-forwarded-for": person.ip });
  const mine = [...person.transcripts];
  const signIn = () => client.signIn(person.email, person.password);
  await signIn();
  const uploaded = (id: string | null) => id && mine.push(id);
  await loop(round, [
    [30, () => client.call("GET", "/api/transcriptions", "/api/transcriptions")],
    [5, () => client.call("GET", "/api/transcriptions?q=", "/api/transcriptions?q=country")],
    [25, () => client.call("GET", "/api/transcriptions/{id}", `/api/transcriptions/${pick(mine)}`)],
    [10, () => client.call("GET", "/api/me", "/api/me")],
    [
      12,
      () => {
        const format = pick([...EXPORT_FORMATS]);
        return client.call("GET", `/api/transcriptions/{id}/export?format=${format}`, `/api/transcriptions/${pick(mine)}/export?format=${format}`);
      },
    ],
    [1, async () => uploaded(await rawUpload(client, round, "raw"))],
    [1, async () => uploaded(await tusUpload(client, round))],
    [3, async () => (await client.call("POST", "/api/auth/sign-out", "/api/auth/sign-out", "{}", { "content-type": "application/json" }), await signIn())],
  ]);
}

/** A script with a write key: lists, reads, exports, and now and then uploads and polls. */
export async function apiClient(round: Round, key: string, transcripts: string[]): Promise<void> {
  const client = new LoadClient(round.base, round.stats, { authorization: `Bearer ${key}` });
  await loop(round, [
    [40, () => client.call("GET", "/api/transcriptions (key)", "/api/transcriptions")],
    [30, () => client.call("GET", "/api/transcriptions/{id} (key)", `/api/transcriptions/${pick(transcripts)}`)],
    [20, () => client.call("GET", "/api/transcriptions/{id}/export?format=srt (key)", `/api/transcriptions/${pick(transcripts)}/export?format=srt`)],
    [5, () => rawUpload(client, round, "api")],
  ]);
}

/**
 * The live text as the recording panel reads it (server-sent events), opened again from the
 * next utterance when the stream breaks, until the recording ends or `signal` says stop.
 */
async function readLiveText(round: Round, cookie: string, ip: string, id: string, record: RecordingRecord, signal: AbortSignal): Promise<void> {
  let utterances = 0;
  const route = "GET /api/recordings/{id}/events (to headers)";
  while (!signal.aborted) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${round.base}/api/recordings/${id}/events?from=${utterances}`, { headers: { cookie, "x-forwarded-for": ip }, signal });
      round.stats.record(route, res.status, performance.now() - t0);
      if (!res.ok || !res.body) return;
      const decoder = new TextDecoder();
      for await (const bytes of res.body) {
        const text = decoder.decode(bytes as Uint8Array, { stream: true });
        utterances += text.split("event: utterance").length - 1;
        if (text.includes("event: end")) return;
      }
      return;
    } catch {
      if (signal.aborted) return;
      round.stats.record("GET /api/recordings/{id}/events (stream broke)", 0, performance.now() - t0);
      record.streamReconnects++;
      await sleep(1000);
    }
  }
}

/** Someone recording: real speech a second at a time at real-time pace, the live text read as it comes, then stop and wait for the transcript; again until the round ends. */
export async function liveRecorder(round: Round, person: Person): Promise<void> {
  const client = new LoadClient(round.base, round.stats, { "x-forwarded-for": person.ip });
  await client.signIn(person.email, person.password);
  const chunks = round.pcm.length / LIVE_CHUNK_BYTES;
  while (performance.now() < round.endsAt) {
    const started = await client.json<ApiRecording>("POST", "/api/recordings", "/api/recordings", { title: "Load test recording", language: "en", mode: "mic" });
    if (!started) {
      await sleep(5000);
      continue;
    }
    const id = started.transcription.id;
    const record: RecordingRecord = { id, live: started.live, chunksSent: 0, chunksReceived: 0, status: "recording", durationS: null, streamReconnects: 0 };
    round.recordings.push(record);
    const reading = new AbortController();
    const text = readLiveText(round, client.cookie, person.ip, id, record, reading.signal);
    const t0 = performance.now();
    for (let seq = 0; seq < chunks && performance.now() < round.endsAt; seq += CHUNKS_PER_REQUEST) {
      const n = Math.min(CHUNKS_PER_REQUEST, chunks - seq);
      const due = t0 + (seq + n) * LIVE_CHUNK_MS - performance.now();
      if (due > 0) await sleep(due);
      const body = round.pcm.subarray(seq * LIVE_CHUNK_BYTES, (seq + n) * LIVE_CHUNK_BYTES);
      // The browser keeps a second it could not send and sends it again.
      const answer = await client.retried(10, "POST", "/api/recordings/{id}/chunks", `/api/recordings/${id}/chunks?seq=${seq}`, body, { "content-type": "application/octet-stream" });
      if (answer?.status !== 200) break;
      record.chunksSent = seq + n;
      record.chunksReceived = (JSON.parse(answer.body.toString("utf8")) as { received: number }).received;
    }
    round.onRecorded?.(record);
    await client.retried(5, "POST", "/api/recordings/{id}/stop", `/api/recordings/${id}/stop`, "{}", { "content-type": "application/json" });
    const done = await waitForTranscript(client, round, record, id);
    record.durationS = done?.duration_s ?? null;
    reading.abort();
    await text;
    await sleep(3000);
  }
}
