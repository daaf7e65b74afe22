import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { wavHeaderBytes } from "@/lib/audio/wav";
import type { RecordingMode } from "./audio-input";

/**
 * What a recording's page keeps on the device until the server has it: each 250 ms chunk is
 * written here before it is sent and deleted once the server acknowledged it, so a reload, a
 * crashed or closed tab, a restarted browser or a network gone for minutes loses nothing.
 * A recording started with no network lives only here until it is uploaded as a file.
 * IndexedDB is per origin, not per account: each recording says whose it is.
 */
export interface VaultRecording {
  localId: string;
  userId: string;
  /** the workspace it was made in; null: the personal space. A recording made offline is uploaded only there. */
  spaceId: string | null;
  /** the server's recording (its transcription's id); null: started offline, uploaded as a file later */
  serverId: string | null;
  title: string;
  mode: RecordingMode;
  /** Date.now() when it started */
  startedAt: number;
  /** chunks made so far */
  made: number;
  /** "recording": being made, or interrupted; "stopped": the user stopped it, what is kept still has to reach the server */
  state: "recording" | "stopped";
}

interface VaultChunk {
  localId: string;
  seq: number;
  pcm: ArrayBuffer;
}

interface VaultSchema extends DBSchema {
  recordings: { key: string; value: VaultRecording; indexes: { byUser: string } };
  chunks: { key: [string, number]; value: VaultChunk };
}

let opened: Promise<IDBPDatabase<VaultSchema>> | null = null;

function vault(): Promise<IDBPDatabase<VaultSchema>> {
  opened ??= openDB<VaultSchema>("verbatim-recordings", 1, {
    upgrade(db) {
      db.createObjectStore("recordings", { keyPath: "localId" }).createIndex("byUser", "userId");
      db.createObjectStore("chunks", { keyPath: ["localId", "seq"] });
    },
  }).then((db) => {
    // About 115 MB an hour: asking keeps the browser from evicting it under storage pressure.
    if (typeof navigator !== "undefined") void navigator.storage?.persist?.().catch(() => false);
    return db;
  });
  return opened;
}

const chunksOf = (localId: string) => IDBKeyRange.bound([localId, 0], [localId, Number.MAX_SAFE_INTEGER]);

export async function rememberRecording(r: VaultRecording): Promise<void> {
  await (await vault()).put("recordings", r);
}

export async function updateRecording(localId: string, change: Partial<Omit<VaultRecording, "localId">>): Promise<void> {
  const db = await vault();
  const tx = db.transaction("recordings", "readwrite");
  const r = await tx.store.get(localId);
  if (r) await tx.store.put({ ...r, ...change });
  await tx.done;
}

/** Keeps chunk `seq` (and counts it made) before it is sent. */
export async function keepChunk(localId: string, seq: number, pcm: Uint8Array): Promise<void> {
  const db = await vault();
  const tx = db.transaction(["recordings", "chunks"], "readwrite");
  const copy = pcm.slice().buffer;
  await tx.objectStore("chunks").put({ localId, seq, pcm: copy });
  const r = await tx.objectStore("recordings").get(localId);
  if (r && r.made < seq + 1) await tx.objectStore("recordings").put({ ...r, made: seq + 1 });
  await tx.done;
}

/** The server has every chunk before `next`: they go. */
export async function acknowledgeChunks(localId: string, next: number): Promise<void> {
  if (next <= 0) return;
  await (await vault()).delete("chunks", IDBKeyRange.bound([localId, 0], [localId, next - 1]));
}

/** The kept chunks of a recording, in order, `limit` at a time from `fromSeq`. */
export async function keptChunks(localId: string, fromSeq = 0, limit?: number): Promise<Array<{ seq: number; pcm: Uint8Array }>> {
  const db = await vault();
  const rows = await db.getAll("chunks", IDBKeyRange.bound([localId, fromSeq], [localId, Number.MAX_SAFE_INTEGER]), limit);
  return rows.map((c) => ({ seq: c.seq, pcm: new Uint8Array(c.pcm) }));
}

/** A recording kept only here, as one 16 kHz WAV to upload: a chunk missing from the middle is silence, so the times hold. */
export async function keptAsWav(localId: string): Promise<Blob> {
  const chunks = await keptChunks(localId);
  const parts: BlobPart[] = [];
  let next = 0;
  let bytes = 0;
  for (const c of chunks) {
    if (c.seq > next) {
      const gap = new Uint8Array((c.seq - next) * c.pcm.byteLength);
      parts.push(gap);
      bytes += gap.byteLength;
    }
    parts.push(c.pcm as BlobPart);
    bytes += c.pcm.byteLength;
    next = c.seq + 1;
  }
  return new Blob([wavHeaderBytes(bytes) as BlobPart, ...parts], { type: "audio/wav" });
}

/** One kept recording as it stands now (another tab may have changed or finished it). */
export async function keptRecording(localId: string): Promise<VaultRecording | undefined> {
  return (await vault()).get("recordings", localId);
}

/** The user's recordings kept on this device, oldest first. */
export async function keptRecordings(userId: string): Promise<VaultRecording[]> {
  const all = await (await vault()).getAllFromIndex("recordings", "byUser", userId);
  return all.sort((a, b) => a.startedAt - b.startedAt);
}

/** The recording and its chunks go: it reached the server whole, or the user discarded it. */
export async function forgetRecording(localId: string): Promise<void> {
  const db = await vault();
  const tx = db.transaction(["recordings", "chunks"], "readwrite");
  await tx.objectStore("chunks").delete(chunksOf(localId));
  await tx.objectStore("recordings").delete(localId);
  await tx.done;
}

/** Recordings this page is using: Web Locks are per origin and a page can ask for its own lock twice. */
const usedHere = new Set<string>();
const lockName = (localId: string) => `verbatim-recording-${localId}`;

/**
 * Takes a recording for this page: the one it is making, or a kept one it finishes, uploads or
 * discards. The Web Lock named for it is held until `release` (or until the tab dies), so no
 * other tab offers a recording still being made as interrupted, or sends a kept one twice.
 * Null: another tab or this page has it.
 */
export async function holdRecording(localId: string): Promise<(() => void) | null> {
  if (usedHere.has(localId)) return null;
  usedHere.add(localId);
  let letGo = () => {};
  const released = new Promise<void>((resolve) => (letGo = resolve));
  const release = () => {
    usedHere.delete(localId);
    letGo();
  };
  if (typeof navigator === "undefined" || !navigator.locks) return release;
  const got = await new Promise<boolean>((answer) => {
    void navigator.locks
      .request(lockName(localId), { ifAvailable: true }, (lock) => {
        answer(lock !== null);
        return lock ? released : undefined;
      })
      .catch(() => answer(false));
  });
  if (got) return release;
  usedHere.delete(localId);
  return null;
}

/** Whether a page (this one or another tab) is using the recording. */
export async function inUse(localId: string): Promise<boolean> {
  if (usedHere.has(localId)) return true;
  if (typeof navigator === "undefined" || !navigator.locks) return false;
  const { held = [] } = await navigator.locks.query();
  return held.some((l) => l.name === lockName(localId));
}
