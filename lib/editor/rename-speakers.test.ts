import { asc, eq } from "drizzle-orm";
import { transcriptions, transcriptSegments, transcriptSpeakers } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertTranscriptSpeakers, voice } from "@/test/support/transcript-speakers";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { renameTranscriptSpeakers } from "./rename-speakers";
import { applySegmentEdits } from "./segment-edits";
import { STALE_EDIT_MESSAGE } from "./segment-conflicts";
import { nameTaken, noSuchSpeaker, renamedTwice } from "./speakers";

const said = (speaker: string | null, i: number) => ({ startMs: i * 1000, endMs: i * 1000 + 900, text: `Line ${i}.`, speaker });

describe.each(BACKENDS)("renaming several speakers at once, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  /** Two detected speakers and one added by hand, and a segment with none. */
  async function interview() {
    const userId = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, userId, ["Speaker 1", "Speaker 2", null, "Speaker 1", "Narrator", "Speaker 2"].map(said));
    await insertTranscriptSpeakers(t.db, id, "sherpa-onnx", [{ embedding: voice(0) }, { embedding: voice(3) }]);
    return { userId, id };
  }
  const speakers = async (id: string) =>
    (await t.db.select().from(transcriptSegments).where(eq(transcriptSegments.transcriptionId, id)).orderBy(asc(transcriptSegments.position))).map((s) => s.speaker);
  const detected = async (id: string) =>
    (await t.db.select().from(transcriptSpeakers).where(eq(transcriptSpeakers.transcriptionId, id)).orderBy(asc(transcriptSpeakers.speaker))).map((s) => s.name);
  const version = async (id: string) => (await t.db.select({ v: transcriptions.version }).from(transcriptions).where(eq(transcriptions.id, id)))[0].v;

  it("renames every segment of each speaker and the detected speakers in one save, and answers what changed", async () => {
    const { userId, id } = await interview();
    const saved = await renameTranscriptSpeakers(t.db, userId, id, {
      base_version: 0,
      renames: [{ from: "Speaker 1", to: "Host" }, { from: "Speaker 2", to: "Guest" }, { from: "Narrator", to: "Narrator" }],
    });
    expect(saved).toEqual({
      version: 1,
      segments: [
        { position: 0, speaker: "Host" },
        { position: 1, speaker: "Guest" },
        { position: 3, speaker: "Host" },
        { position: 5, speaker: "Guest" },
      ],
    });
    expect(await speakers(id)).toEqual(["Host", "Guest", null, "Host", "Narrator", "Guest"]);
    expect(await detected(id)).toEqual(["Host", "Guest"]);
    expect(await version(id)).toBe(1);
  });

  it("swaps two speakers' names, detected ones included", async () => {
    const { userId, id } = await interview();
    await renameTranscriptSpeakers(t.db, userId, id, { base_version: 0, renames: [{ from: "Speaker 1", to: "Speaker 2" }, { from: "Speaker 2", to: "Speaker 1" }] });
    expect(await speakers(id)).toEqual(["Speaker 2", "Speaker 1", null, "Speaker 2", "Narrator", "Speaker 1"]);
    expect(await detected(id)).toEqual(["Speaker 2", "Speaker 1"]);
  });

  it("an undo by segment edits gives the detected speaker its name back", async () => {
    const { userId, id } = await interview();
    await renameTranscriptSpeakers(t.db, userId, id, { base_version: 0, renames: [{ from: "Speaker 2", to: "Maya" }] });
    expect(await detected(id)).toEqual(["Speaker 1", "Maya"]);
    await applySegmentEdits(t.db, userId, id, { base_version: 1, changes: [{ position: 1, speaker: "Speaker 2" }, { position: 5, speaker: "Speaker 2" }] });
    expect(await detected(id)).toEqual(["Speaker 1", "Speaker 2"]);
  });

  it("a detected speaker given the name of one whose segments all went elsewhere joins it, keeping its own name", async () => {
    const { userId, id } = await interview();
    // Every segment of Speaker 2 given to Speaker 1 by hand: the detected Speaker 2 stays.
    await applySegmentEdits(t.db, userId, id, { base_version: 0, changes: [{ position: 1, speaker: "Speaker 1" }, { position: 5, speaker: "Speaker 1" }] });
    await renameTranscriptSpeakers(t.db, userId, id, { base_version: 1, renames: [{ from: "Speaker 1", to: "Speaker 2" }] });
    expect(await speakers(id)).toEqual(["Speaker 2", "Speaker 2", null, "Speaker 2", "Narrator", "Speaker 2"]);
    expect(await detected(id)).toEqual(["Speaker 1", "Speaker 2"]);
  });

  it("refuses a name another speaker has, a speaker not there or renamed twice, and a stale version, renaming nothing", async () => {
    const { userId, id } = await interview();
    const refused = (renames: { from: string; to: string }[], base_version = 0) => renameTranscriptSpeakers(t.db, userId, id, { base_version, renames });
    await expect(refused([{ from: "Speaker 1", to: "Host" }, { from: "Speaker 2", to: "narrator" }])).rejects.toMatchObject({ kind: "unprocessable", message: nameTaken("narrator") });
    await expect(refused([{ from: "Speaker 1", to: "Host" }, { from: "Speaker 2", to: "host" }])).rejects.toMatchObject({ kind: "unprocessable", message: nameTaken("Host") });
    await expect(refused([{ from: "Speaker 9", to: "Host" }])).rejects.toMatchObject({ kind: "unprocessable", message: noSuchSpeaker("Speaker 9") });
    await expect(refused([{ from: "Speaker 1", to: "A" }, { from: "Speaker 1", to: "B" }])).rejects.toMatchObject({ kind: "unprocessable", message: renamedTwice("Speaker 1") });
    await expect(refused([{ from: "Speaker 1", to: "Host" }], 3)).rejects.toMatchObject({ kind: "conflict", message: STALE_EDIT_MESSAGE, data: { current_version: 0 } });
    expect(await speakers(id)).toEqual(["Speaker 1", "Speaker 2", null, "Speaker 1", "Narrator", "Speaker 2"]);
    expect(await detected(id)).toEqual(["Speaker 1", "Speaker 2"]);
    expect(await version(id)).toBe(0);
  });

  it("someone else's transcription is not found", async () => {
    const { id } = await interview();
    await expect(renameTranscriptSpeakers(t.db, await insertUser(t.db), id, { base_version: 0, renames: [{ from: "Speaker 1", to: "Host" }] })).rejects.toMatchObject({
      kind: "not_found",
    });
    expect(await speakers(id)).toEqual(["Speaker 1", "Speaker 2", null, "Speaker 1", "Narrator", "Speaker 2"]);
  });
});
