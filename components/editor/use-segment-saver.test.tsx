/** @jest-environment jsdom */
import { act, renderHook, waitFor } from "@testing-library/react";
import { call } from "@/lib/api/client";
import { renameSpeakers } from "@/lib/api/endpoints/speakers";
import { fakeFetch } from "@/test/support/fake-fetch";
import { useSegmentSaver } from "./use-segment-saver";

const SEGMENTS = "PATCH /api/transcriptions/t-1/segments";
const SPEAKERS = "PATCH /api/transcriptions/t-1/speakers";

/** A segments save answering the next version, as the server does. */
function savesFrom(first: number) {
  let version = first;
  return () => ({ body: { version: ++version, segments: [] } });
}
const renameAt = (base: number) => call(renameSpeakers, { params: { id: "t-1" }, body: { base_version: base, renames: [{ from: "Speaker 1", to: "Host" }] } });

describe("a change sent beside the segment saves (speakers renamed at once)", () => {
  it("goes out after the pending edits, on the version they reached, and the next save builds on its version", async () => {
    const { calls } = fakeFetch({ [SEGMENTS]: savesFrom(3), [SPEAKERS]: { body: { version: 9, segments: [{ position: 0, speaker: "Host" }] } } });
    const { result } = renderHook(() => useSegmentSaver("t-1", 3, () => undefined, (position) => ({ id: `s-${position}`, version: 3 })));
    act(() => result.current.queue(1, { text: "Edited." }));
    let answer: Awaited<ReturnType<typeof renameAt>> | null = null;
    await act(async () => {
      answer = await result.current.exclusive(renameAt);
    });
    expect(answer).toEqual({ ok: true, data: { version: 9, segments: [{ position: 0, speaker: "Host" }] } });
    expect(calls.map((c) => [c.method, c.path, (c.body as { base_version: number }).base_version])).toEqual([
      ["PATCH", "/api/transcriptions/t-1/segments", 3],
      ["PATCH", "/api/transcriptions/t-1/speakers", 4],
    ]);
    expect(result.current.state).toBe("saved");

    act(() => result.current.queue(2, { text: "Later." }));
    await act(() => result.current.flush());
    expect(calls.at(-1)).toMatchObject({ path: "/api/transcriptions/t-1/segments", body: { base_version: 9 } });
  });

  it("a refusal is the caller's to show and saving goes on; a stale version stops saving as any save's does", async () => {
    const detail = "Another speaker is also called “Maya”. Give each speaker a different name.";
    let speakers: { status: number; body: unknown } = { status: 422, body: { detail } };
    const { calls } = fakeFetch({ [SEGMENTS]: savesFrom(3), [SPEAKERS]: () => speakers });
    const { result } = renderHook(() => useSegmentSaver("t-1", 3, () => undefined, (position) => ({ id: `s-${position}`, version: 3 })));
    const refused = await act(() => result.current.exclusive(renameAt));
    expect(refused).toMatchObject({ ok: false, status: 422, text: detail });
    expect(result.current.state).toBe("idle");
    act(() => result.current.queue(0, { text: "Still saving." }));
    await act(() => result.current.flush());
    expect(calls.at(-1)).toMatchObject({ path: "/api/transcriptions/t-1/segments", body: { base_version: 3 } });

    speakers = { status: 409, body: { detail: "Changed elsewhere.", current_version: 7 } };
    expect(await act(() => result.current.exclusive(renameAt))).toMatchObject({ ok: false, status: 409 });
    await waitFor(() => expect(result.current.state).toBe("conflict"));
    expect(result.current.error).toBe("Changed elsewhere.");
    const sent = calls.length;
    act(() => result.current.queue(0, { text: "Not sent." }));
    await act(() => result.current.flush());
    expect(calls).toHaveLength(sent);
    // Nothing else goes out once the transcript changed elsewhere.
    expect(await act(() => result.current.exclusive(renameAt))).toBeNull();
    expect(calls).toHaveLength(sent);
  });
});
