import "fake-indexeddb/auto";
import { LIVE_CHUNK_BYTES } from "@/lib/recordings/store/pcm-chunks";
import { WAV_HEADER_BYTES } from "@/lib/audio/wav";
import {
  acknowledgeChunks,
  forgetRecording,
  holdRecording,
  inUse,
  keepChunk,
  keptAsWav,
  keptChunks,
  keptRecording,
  keptRecordings,
  rememberRecording,
  updateRecording,
  type VaultRecording,
} from "./recording-vault";

const chunk = (fill: number) => new Uint8Array(LIVE_CHUNK_BYTES).fill(fill);

function recording(localId: string, userId: string, startedAt: number): VaultRecording {
  return { localId, userId, spaceId: null, serverId: `t-${localId}`, title: "Standup", mode: "mic", startedAt, made: 0, state: "recording" };
}

describe("the recording vault (IndexedDB)", () => {
  it("keeps each chunk until the server acknowledged it, counts what was made, and forgets a recording whole", async () => {
    await rememberRecording(recording("a", "ada", 2));
    for (let seq = 0; seq < 10; seq++) await keepChunk("a", seq, chunk(seq));
    expect(await keptChunks("a")).toHaveLength(10);
    // The server has 0–5: those go, 6–9 wait.
    await acknowledgeChunks("a", 6);
    const left = await keptChunks("a");
    expect(left.map((c) => c.seq)).toEqual([6, 7, 8, 9]);
    expect(left[0].pcm[0]).toBe(6);
    expect(left[0].pcm.byteLength).toBe(LIVE_CHUNK_BYTES);
    expect((await keptChunks("a", 8, 1)).map((c) => c.seq)).toEqual([8]);
    expect((await keptRecordings("ada"))[0]).toMatchObject({ localId: "a", made: 10, state: "recording" });
    await updateRecording("a", { state: "stopped" });
    expect(await keptRecording("a")).toMatchObject({ state: "stopped", made: 10 });
    expect((await keptRecordings("ada"))[0].state).toBe("stopped");
    await forgetRecording("a");
    expect(await keptRecordings("ada")).toEqual([]);
    expect(await keptChunks("a")).toEqual([]);
    expect(await keptRecording("a")).toBeUndefined();
  });

  it("lists only the user's own recordings, oldest first: the device may be shared", async () => {
    await rememberRecording(recording("late", "bo", 20));
    await rememberRecording(recording("early", "bo", 10));
    await rememberRecording(recording("theirs", "cy", 5));
    expect((await keptRecordings("bo")).map((r) => r.localId)).toEqual(["early", "late"]);
    expect((await keptRecordings("cy")).map((r) => r.localId)).toEqual(["theirs"]);
  });

  it("a recording made offline becomes one 16 kHz WAV, a missing chunk as silence so the times hold", async () => {
    await rememberRecording({ ...recording("w", "dee", 1), serverId: null });
    await keepChunk("w", 0, chunk(1));
    await keepChunk("w", 2, chunk(3));
    const wav = new Uint8Array(await (await keptAsWav("w")).arrayBuffer());
    expect(wav.byteLength).toBe(WAV_HEADER_BYTES + 3 * LIVE_CHUNK_BYTES);
    expect(new TextDecoder().decode(wav.subarray(0, 4))).toBe("RIFF");
    const view = new DataView(wav.buffer);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(40, true)).toBe(3 * LIVE_CHUNK_BYTES);
    expect(wav[WAV_HEADER_BYTES]).toBe(1);
    expect(wav[WAV_HEADER_BYTES + LIVE_CHUNK_BYTES]).toBe(0);
    expect(wav[WAV_HEADER_BYTES + 2 * LIVE_CHUNK_BYTES]).toBe(3);
  });

  it("a recording is held by one user of it at a time, until let go", async () => {
    const release = await holdRecording("held");
    expect(release).not.toBeNull();
    expect(await inUse("held")).toBe(true);
    // Finishing it from a second place on this page is refused while the first has it.
    expect(await holdRecording("held")).toBeNull();
    release!();
    release!();
    expect(await inUse("held")).toBe(false);
    const again = await holdRecording("held");
    expect(again).not.toBeNull();
    again!();
  });
});
