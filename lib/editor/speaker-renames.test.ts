import { asc, eq } from "drizzle-orm";
import { transcriptSpeakers } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertTranscriptSpeakers, voice } from "@/test/support/transcript-speakers";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { applySegmentEdits } from "./segment-edits";

const said = (speaker: string, i: number) => ({ startMs: i * 1000, endMs: i * 1000 + 900, text: `Line ${i}.`, speaker });

describe.each(BACKENDS)("a rename of a detected speaker in the editor, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  async function dialog() {
    const userId = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, userId, ["Speaker 1", "Speaker 2", "Speaker 1", "Speaker 2"].map(said));
    await insertTranscriptSpeakers(t.db, id, "sherpa-onnx", [{ embedding: voice(0) }, { embedding: voice(3) }]);
    return { userId, id };
  }
  const names = async (id: string) =>
    (await t.db.select().from(transcriptSpeakers).where(eq(transcriptSpeakers.transcriptionId, id)).orderBy(asc(transcriptSpeakers.speaker))).map((s) => s.name);

  it("renames the detected speaker in the same save, and back on undo", async () => {
    const { userId, id } = await dialog();
    await applySegmentEdits(t.db, userId, id, { base_version: 0, changes: [{ position: 1, speaker: "Maya" }, { position: 3, speaker: "Maya" }] });
    expect(await names(id)).toEqual(["Speaker 1", "Maya"]);
    await applySegmentEdits(t.db, userId, id, { base_version: 1, changes: [{ position: 1, speaker: "Speaker 2" }, { position: 3, speaker: "Speaker 2" }] });
    expect(await names(id)).toEqual(["Speaker 1", "Speaker 2"]);
  });

  it("a rename sent in several saves counts once the old name is gone", async () => {
    const { userId, id } = await dialog();
    await applySegmentEdits(t.db, userId, id, { base_version: 0, changes: [{ position: 1, speaker: "Maya" }] });
    expect(await names(id)).toEqual(["Speaker 1", "Speaker 2"]);
    await applySegmentEdits(t.db, userId, id, { base_version: 1, changes: [{ position: 3, speaker: "Maya" }] });
    expect(await names(id)).toEqual(["Speaker 1", "Maya"]);
  });

  it("a text edit, one segment given to another speaker, or speakers taken off rename nothing", async () => {
    const { userId, id } = await dialog();
    await applySegmentEdits(t.db, userId, id, { base_version: 0, changes: [{ position: 0, text: "Hello." }, { position: 2, speaker: "Speaker 2" }] });
    expect(await names(id)).toEqual(["Speaker 1", "Speaker 2"]);
    await applySegmentEdits(t.db, userId, id, { base_version: 1, changes: [{ position: 0, speaker: null }, { position: 1, speaker: null }, { position: 2, speaker: null }, { position: 3, speaker: null }] });
    expect(await names(id)).toEqual(["Speaker 1", "Speaker 2"]);
  });

  it("two detected speakers merged under one's name, then undone, keep their own names", async () => {
    const { userId, id } = await dialog();
    await applySegmentEdits(t.db, userId, id, { base_version: 0, changes: [{ position: 1, speaker: "Speaker 1" }, { position: 3, speaker: "Speaker 1" }] });
    expect(await names(id)).toEqual(["Speaker 1", "Speaker 2"]);
    await applySegmentEdits(t.db, userId, id, { base_version: 1, changes: [{ position: 1, speaker: "Speaker 2" }, { position: 3, speaker: "Speaker 2" }] });
    expect(await names(id)).toEqual(["Speaker 1", "Speaker 2"]);
    // Named afterwards, the second voice is followed as before.
    await applySegmentEdits(t.db, userId, id, { base_version: 2, changes: [{ position: 1, speaker: "Maya" }, { position: 3, speaker: "Maya" }] });
    expect(await names(id)).toEqual(["Speaker 1", "Maya"]);
  });

  it("a save refused as stale renames nothing", async () => {
    const { userId, id } = await dialog();
    await expect(
      applySegmentEdits(t.db, userId, id, { base_version: 5, changes: [{ position: 1, speaker: "Maya" }, { position: 3, speaker: "Maya" }] }),
    ).rejects.toMatchObject({ kind: "conflict" });
    expect(await names(id)).toEqual(["Speaker 1", "Speaker 2"]);
  });
});
