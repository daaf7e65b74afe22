import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { shareLinks, transcriptSegments, transcriptions, users, workspaceMembers, workspaces } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertDoneTranscription, type SegmentSeed } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { createShareLink } from "./links";
import { openShareLink, type OpenedLink } from "./opening";
import type { SharedTranscript } from "@/lib/api/contract/sharing";
import { EXPORTS_OFF, FORMAT_NOT_OFFERED, exportShared, sharedView } from "./shared-view";
import { shareToken } from "./tokens";

const reason = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);
const text = (file: { body: Uint8Array }) => Buffer.from(file.body).toString("utf8");
/** A built view's JSON text. */
const viewText = (body: Uint8Array) => Buffer.from(body).toString("utf8");

/** The view as a stranger's browser reads it. */
async function sharedTranscript(db: Database, opened: OpenedLink): Promise<SharedTranscript> {
  return JSON.parse(viewText(await (await sharedView(db, opened)).body())) as SharedTranscript;
}

const SEGMENTS: SegmentSeed[] = [
  {
    startMs: 0,
    endMs: 1500,
    text: "Welcome everyone.",
    speaker: "Alice Example",
    confidence: 0.9,
    words: [
      { word: "Welcome", start_ms: 0, end_ms: 700, confidence: 0.95 },
      { word: "everyone.", start_ms: 700, end_ms: 1500, confidence: 0.4 },
    ],
  },
  { startMs: 1500, endMs: 3000, text: "Thanks, Alice.", speaker: "Bob Example" },
  { startMs: 3000, endMs: 4000, text: "Let us start.", speaker: "Alice Example" },
];

describe.each(BACKENDS)("a shared transcript on %s", (_name, open) => {
  useTestEnv({ BETTER_AUTH_SECRET: "a-test-secret-of-enough-length-for-hmac-0123456789" });
  const t = useOpenedDatabase(open);
  const client = () => `client-${randomUUID()}`;

  async function shared(db: Database, options: { allow_export?: boolean; show_speakers?: boolean; plan?: "pro" } = {}) {
    const owner = await insertUser(db, options.plan);
    const id = await insertDoneTranscription(db, owner, SEGMENTS, "Kick-off");
    const link = await createShareLink(db, owner, id, { allow_export: options.allow_export ?? true, show_speakers: options.show_speakers ?? true, expires_in_days: null });
    return { owner, id, link, opened: await openShareLink(db, shareToken(link.id), client()) };
  }

  it("shows the title, timings, words and speakers, and nothing that names the owner or a row", async () => {
    const { owner, id, link, opened } = await shared(t.db);
    const [user] = await t.db.select().from(users).where(eq(users.id, owner));
    const view = await sharedTranscript(t.db, opened);

    expect(view).toMatchObject({ title: "Kick-off", duration_s: 4, language: "English", allow_export: true, speakers: ["Alice Example", "Bob Example"] });
    expect(view.segments[0]).toEqual({
      start_ms: 0,
      end_ms: 1500,
      text: "Welcome everyone.",
      speaker: "Alice Example",
      words: [
        { word: "Welcome", start_ms: 0, end_ms: 700 },
        { word: "everyone.", start_ms: 700, end_ms: 1500 },
      ],
    });
    expect(view.segments[1]).toMatchObject({ text: "Thanks, Alice.", words: null, speaker: "Bob Example" });
    const answer = JSON.stringify(view);
    for (const secret of [owner, user.email, id, link.id, link.tokenHash, opened.transcription.audioKey, opened.transcription.originalFilename]) {
      expect(answer).not.toContain(secret);
    }
    expect(Object.keys(view).sort()).toEqual(["allow_export", "created_at", "duration_s", "export_formats", "language", "segments", "speakers", "title"]);
  });

  it("with speakers hidden, leaves out every speaker field, in the view and in its files", async () => {
    const { opened } = await shared(t.db, { show_speakers: false });
    const view = await sharedTranscript(t.db, opened);
    expect(view).not.toHaveProperty("speakers");
    for (const segment of view.segments) expect(segment).not.toHaveProperty("speaker");
    expect(JSON.stringify(view)).not.toContain("Example");

    for (const format of ["txt", "srt", "vtt"]) {
      const file = await exportShared(t.db, opened, { format, timestamps: "1" }, client());
      expect(text(file)).toContain("Welcome everyone.");
      expect(text(file)).not.toContain("Example");
    }
    // Shown, the files name them.
    const { opened: withSpeakers } = await shared(t.db);
    expect(text(await exportShared(t.db, withSpeakers, { format: "txt" }, client()))).toContain("Alice Example: Welcome everyone.");
  });

  it("refuses exports when the link turns them off, and offers none", async () => {
    const { opened } = await shared(t.db, { allow_export: false, plan: "pro" });
    expect((await sharedTranscript(t.db, opened)).export_formats).toEqual([]);
    for (const format of ["txt", "pdf", "nonsense", undefined]) {
      expect(await reason(exportShared(t.db, opened, { format }, client()))).toMatchObject({ kind: "forbidden", message: EXPORTS_OFF });
    }
  });

  it("offers the formats of the owner's plan: a Free owner's link TXT, SRT and VTT only, refused without naming a plan", async () => {
    const free = await shared(t.db);
    expect((await sharedTranscript(t.db, free.opened)).export_formats).toEqual(["txt", "srt", "vtt"]);
    for (const format of ["pdf", "docx", "md"]) {
      const refused = await reason(exportShared(t.db, free.opened, { format }, client()));
      expect(refused).toMatchObject({ kind: "forbidden", message: FORMAT_NOT_OFFERED });
      expect(refused).not.toHaveProperty("data.upgrade");
    }
    expect(await reason(exportShared(t.db, free.opened, { format: "exe" }, client()))).toMatchObject({ kind: "invalid", message: expect.stringContaining('Unknown export format "exe"') });
    expect(text(await exportShared(t.db, free.opened, { format: "vtt" }, client()))).toMatch(/^WEBVTT/);

    const pro = await shared(t.db, { plan: "pro" });
    const formats = (await sharedTranscript(t.db, pro.opened)).export_formats;
    expect(formats).toEqual(expect.arrayContaining(["txt", "md", "pdf", "docx", "srt", "vtt"]));
    const pdf = await exportShared(t.db, pro.opened, { format: "pdf" }, client());
    expect(pdf.contentType).toBe("application/pdf");
    expect(Buffer.from(pdf.body).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("builds a version's view once for every visitor at once, and again only when the transcript or the link changes", async () => {
    const { id, link, opened } = await shared(t.db);
    const views = await Promise.all(Array.from({ length: 5 }, async () => sharedView(t.db, await openShareLink(t.db, shareToken(link.id), client()))));
    const bodies = await Promise.all(views.map((v) => v.body()));
    expect(new Set(views.map((v) => v.etag)).size).toBe(1);
    // One build: every visitor got the same bytes.
    expect(new Set(bodies).size).toBe(1);

    await t.db.update(transcriptSegments).set({ text: "Welcome, all." }).where(eq(transcriptSegments.transcriptionId, id));
    await t.db.update(transcriptions).set({ version: sql`${transcriptions.version} + 1` }).where(eq(transcriptions.id, id));
    const edited = await sharedView(t.db, await openShareLink(t.db, shareToken(link.id), client()));
    expect(edited.etag).not.toBe(views[0].etag);
    expect(JSON.parse(viewText(await edited.body()))).toMatchObject({ segments: [{ text: "Welcome, all." }, { text: "Welcome, all." }, { text: "Welcome, all." }] });

    await t.db.update(shareLinks).set({ showSpeakers: false }).where(eq(shareLinks.id, link.id));
    const hidden = await sharedView(t.db, await openShareLink(t.db, shareToken(link.id), client()));
    expect(hidden.etag).not.toBe(edited.etag);
    expect(viewText(await hidden.body())).not.toContain("Example");
    // The link as it was opened before the change still names its own version.
    expect((await sharedView(t.db, opened)).etag).toBe(views[0].etag);
  });

  it("keeps an empty word list empty and a segment without words null", async () => {
    const owner = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, owner, [{ startMs: 0, endMs: 1000, text: "Hm.", words: [] }, { startMs: 1000, endMs: 2000, text: "Yes." }]);
    const link = await createShareLink(t.db, owner, id, { allow_export: false, show_speakers: false, expires_in_days: null });
    const view = await sharedTranscript(t.db, await openShareLink(t.db, shareToken(link.id), client()));
    expect(view.segments).toEqual([
      { start_ms: 0, end_ms: 1000, text: "Hm.", words: [] },
      { start_ms: 1000, end_ms: 2000, text: "Yes.", words: null },
    ]);
  });

  it("reads a long transcript a page at a time, in order", async () => {
    const owner = await insertUser(t.db);
    const seeds = Array.from({ length: 250 }, (_, i): SegmentSeed => ({ startMs: i * 1000, endMs: i * 1000 + 1000, text: `Line ${i}.`, speaker: `Speaker ${i % 3}`, words: [{ word: `Line ${i}.`, start_ms: i * 1000, end_ms: i * 1000 + 900, confidence: 0.5 }] }));
    const id = await insertDoneTranscription(t.db, owner, seeds);
    const link = await createShareLink(t.db, owner, id, { allow_export: false, show_speakers: true, expires_in_days: null });
    const view = await sharedTranscript(t.db, await openShareLink(t.db, shareToken(link.id), client()));
    expect(view.segments.map((s) => s.text)).toEqual(seeds.map((s) => s.text));
    expect(view.segments[249]).toEqual({ start_ms: 249_000, end_ms: 250_000, text: "Line 249.", speaker: "Speaker 0", words: [{ word: "Line 249.", start_ms: 249_000, end_ms: 249_900 }] });
    expect(view.speakers).toEqual(["Speaker 0", "Speaker 1", "Speaker 2"]);
  });

  it("a workspace's transcript offers its owner's plan, whoever uploaded it", async () => {
    const workspaceOwner = await insertUser(t.db, "pro");
    const uploader = await insertUser(t.db);
    const workspace = randomUUID();
    await t.db.insert(workspaces).values({ id: workspace, name: "Team", slug: `team-${workspace}` });
    await t.db.insert(workspaceMembers).values([
      { id: randomUUID(), workspaceId: workspace, userId: workspaceOwner, role: "owner" },
      { id: randomUUID(), workspaceId: workspace, userId: uploader, role: "member" },
    ]);
    const id = await insertDoneTranscription(t.db, uploader, SEGMENTS, "Team call");
    await t.db.update(transcriptions).set({ workspaceId: workspace }).where(eq(transcriptions.id, id));
    const link = await createShareLink(t.db, workspaceOwner, id, { allow_export: true, show_speakers: true, expires_in_days: null });
    const view = await sharedTranscript(t.db, await openShareLink(t.db, shareToken(link.id), client()));
    expect(view.export_formats).toContain("pdf");
    expect(JSON.stringify(view)).not.toContain(workspace);
  });
});
