import type { APIRequestContext } from "@playwright/test";
import { ORIGIN, createUser, expect, sql, test } from "./support/fixtures";
import { seedJfkTranscript, subscribe } from "./support/transcripts";

async function signedIn(request: APIRequestContext, plan?: "pro" | "premium") {
  const creds = await createUser(request);
  if (plan) await subscribe(creds.email, plan);
  expect((await request.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN })).status()).toBe(200);
  return { creds, id: await seedJfkTranscript(creds.email) };
}

const patch = (request: APIRequestContext, id: string, data: unknown) =>
  request.patch(`/api/transcriptions/${id}/segments`, { data: data as Record<string, unknown>, headers: ORIGIN });

test.describe("segment edits", () => {
  test("a save based on an old version is 409 and overwrites nothing", async ({ request }) => {
    const { id } = await signedIn(request);
    const first = await patch(request, id, { base_version: 0, changes: [{ position: 1, text: "first tab" }] });
    expect(first.status()).toBe(200);
    const saved = await first.json();
    expect(saved).toMatchObject({ version: 1, segments: [{ position: 1, text: "first tab" }] });
    const stale = await patch(request, id, { base_version: 0, changes: [{ position: 1, text: "second tab" }] });
    expect(stale.status()).toBe(409);
    expect(await stale.json()).toEqual({
      detail: "This transcript was changed in another tab or window since you opened it. Reload to get the latest version.",
      current_version: 1,
      conflicts: [{ id: saved.segments[0].id, position: 1, version: 1, text: "first tab", speaker: null, changed_by: expect.any(String), by_you: true, restructured: false }],
    });
    const got = await (await request.get(`/api/transcriptions/${id}`)).json();
    expect(got.version).toBe(1);
    expect(got.segments[1].text).toBe("first tab");
  });

  test("bad edit requests get clear messages", async ({ request }) => {
    const { id } = await signedIn(request);
    const url = `/api/transcriptions/${id}/segments`;
    const raw = await request.patch(url, { data: Buffer.from("{not json"), headers: { ...ORIGIN, "content-type": "application/json" } });
    expect(raw.status()).toBe(400);
    expect((await raw.json()).detail).toBe("The request body is not valid JSON.");
    const noVersion = await patch(request, id, { changes: [{ position: 0, text: "x" }] });
    expect(noVersion.status()).toBe(422);
    expect((await noVersion.json()).detail).toBe("Send the version of the transcript you edited.");
    const nowhere = await patch(request, id, { base_version: 0, changes: [{ position: 9, text: "x" }] });
    expect(nowhere.status()).toBe(422);
    expect((await nowhere.json()).detail).toBe("There is no segment 9 in this transcript.");
    const huge = await patch(request, id, { base_version: 0, changes: [{ position: 0, text: "x".repeat(5001) }] });
    expect(huge.status()).toBe(422);
    expect((await huge.json()).detail).toBe("A segment may hold at most 5000 characters.");
    const [row] = await sql<{ version: number }>("select version from transcriptions where id = $1", [id]);
    expect(row.version).toBe(0);
  });

  test("a save's work is bounded: position, changes, text per save, merges past a segment's limit", async ({ request }) => {
    const { id } = await signedIn(request);
    const refused: Array<[unknown, string]> = [
      [{ base_version: 0, changes: [{ position: 2_147_483_648, text: "x" }] }, "Segment positions go up to 1000000."],
      [{ base_version: 0, changes: Array.from({ length: 201 }, () => ({ position: 0, speaker: "A" })) }, "Send at most 200 changes in one save."],
      [{ base_version: 0, changes: Array.from({ length: 11 }, () => ({ position: 0, text: "x ".repeat(2500) })) }, "Send at most 50000 characters of text in one save."],
    ];
    for (const [body, sentence] of refused) {
      const answer = await patch(request, id, body);
      expect(answer.status()).toBe(422);
      expect((await answer.json()).detail).toBe(sentence);
    }
    const split = await request.post(`/api/transcriptions/${id}/segments`, { data: { action: "split", base_version: 0, position: 2_147_483_648, word: 1 }, headers: ORIGIN });
    expect(split.status()).toBe(422);
    expect((await split.json()).detail).toBe("Segment positions go up to 1000000.");
    // Ten rewrites of one segment are one: the last text wins, once aligned.
    const pingPong = Array.from({ length: 10 }, (_, i) => ({ position: 0, text: i % 2 ? "and so my fellow Americans" : "x ".repeat(2400) }));
    const saved = await patch(request, id, { base_version: 0, changes: pingPong });
    expect(saved.status()).toBe(200);
    expect((await saved.json()).segments[0].text).toBe("and so my fellow Americans");
    const long = await patch(request, id, { base_version: 1, changes: [{ position: 0, text: "a ".repeat(1500) }, { position: 1, text: "b ".repeat(1500) }] });
    expect(long.status()).toBe(200);
    const merge = await request.post(`/api/transcriptions/${id}/segments`, { data: { action: "merge", base_version: 2, position: 0 }, headers: ORIGIN });
    expect(merge.status()).toBe(422);
    expect((await merge.json()).detail).toBe("These two segments together would hold more than 5000 characters, the most a segment may hold.");
  });

  test("speakers: assigned per segment, renamed everywhere in one save, names validated", async ({ request }) => {
    const { id } = await signedIn(request);
    const assigned = await patch(request, id, { base_version: 0, changes: [{ position: 0, speaker: "Speaker 1" }, { position: 1, speaker: " Speaker 1 " }] });
    expect(assigned.status()).toBe(200);
    const renamed = await patch(request, id, { base_version: 1, changes: [{ position: 0, speaker: "Interviewer" }, { position: 1, speaker: "Interviewer" }] });
    expect(await renamed.json()).toMatchObject({ version: 2, segments: [{ speaker: "Interviewer" }, { speaker: "Interviewer" }] });
    const txt = await (await request.get(`/api/transcriptions/${id}/export?format=txt`)).text();
    expect(txt).toContain("Interviewer: and so my fellow americans");

    const empty = await patch(request, id, { base_version: 2, changes: [{ position: 0, speaker: "   " }] });
    expect(empty.status()).toBe(422);
    expect((await empty.json()).detail).toBe("Give the speaker a name.");
    const long = await patch(request, id, { base_version: 2, changes: [{ position: 1, speaker: "x".repeat(101) }] });
    expect(long.status()).toBe(422);
    expect((await long.json()).detail).toBe("Use at most 60 characters for a speaker name.");
    const cleared = await patch(request, id, { base_version: 2, changes: [{ position: 1, speaker: null }] });
    expect(await cleared.json()).toMatchObject({ version: 3, segments: [{ position: 1, speaker: null }] });
  });

  test("split and merge: versioned like edits, validated with clear messages", async ({ request }) => {
    const { id } = await signedIn(request);
    const url = `/api/transcriptions/${id}/segments`;
    const post = (data: Record<string, unknown>) => request.post(url, { data, headers: ORIGIN });
    const split = await post({ action: "split", base_version: 0, position: 0, word: 2 });
    expect(split.status()).toBe(200);
    expect((await split.json()).segments.map((s: { position: number; text: string }) => [s.position, s.text])).toEqual([
      [0, "and so"],
      [1, "my fellow americans"],
    ]);
    const stale = await post({ action: "merge", base_version: 0, position: 0 });
    expect(stale.status()).toBe(409);
    const cases: [Record<string, unknown>, string][] = [
      [{ action: "shuffle", base_version: 1, position: 0 }, 'Choose an action: "split" or "merge".'],
      [{ action: "split", base_version: 1, position: 0 }, "Say where to split: the number of the word the new segment starts with."],
      [{ action: "split", base_version: 1, position: 0, word: 2 }, "Choose where to split: between two words of the segment."],
      [{ action: "merge", base_version: 1, position: 2 }, "The last segment has no next segment to merge with."],
      [{ action: "merge", base_version: 1, position: 7 }, "There is no segment 7 in this transcript."],
    ];
    for (const [body, detail] of cases) {
      const answer = await post(body);
      expect({ status: answer.status(), detail: (await answer.json()).detail }).toEqual({ status: 422, detail });
    }
    const merged = await post({ action: "merge", base_version: 1, position: 0 });
    expect(await merged.json()).toMatchObject({ version: 2, segments: [{ position: 0, text: "and so my fellow americans", start_ms: 0 }] });
    // The later segments moved up by one.
    const whole = await (await request.get(`/api/transcriptions/${id}`)).json();
    expect(whole.segments.map((s: { text: string }) => s.text)).toEqual(["and so my fellow americans", "ask not what your country can do for you ask what you can do for your country"]);
  });

  test("signed out 401; another user's transcript 404", async ({ request, playwright }) => {
    const { id } = await signedIn(request);
    const anonymous = await playwright.request.newContext({ baseURL: "http://127.0.0.1:3100" });
    expect((await patch(anonymous, id, { base_version: 0, changes: [{ position: 0, text: "x" }] })).status()).toBe(401);
    const stranger = await playwright.request.newContext({ baseURL: "http://127.0.0.1:3100", extraHTTPHeaders: { "x-forwarded-for": "10.201.0.9" } });
    await signedIn(stranger);
    expect((await patch(stranger, id, { base_version: 0, changes: [{ position: 0, text: "x" }] })).status()).toBe(404);
    expect((await patch(stranger, id, { base_version: 0, changes: [{ position: 0, speaker: "Intruder" }] })).status()).toBe(404);
    expect((await stranger.post(`/api/transcriptions/${id}/segments`, { data: { action: "merge", base_version: 0, position: 0 }, headers: ORIGIN })).status()).toBe(404);
    expect((await stranger.get(`/api/transcriptions/${id}/export?format=txt`)).status()).toBe(404);
    expect((await stranger.post(`/api/transcriptions/${id}/format`, { data: { level: "basic" }, headers: ORIGIN })).status()).toBe(404);
  });
});

test.describe("exports", () => {
  test("free plan: TXT/SRT/VTT allowed; Markdown, PDF and DOCX refused with the plans that have them", async ({ request }) => {
    const { id } = await signedIn(request);
    for (const format of ["txt", "srt", "vtt"]) {
      expect((await request.get(`/api/transcriptions/${id}/export?format=${format}`)).status()).toBe(200);
    }
    for (const [format, name] of [["md", "Markdown export"], ["pdf", "PDF export"], ["docx", "Word (DOCX) export"]]) {
      const res = await request.get(`/api/transcriptions/${id}/export?format=${format}`);
      expect(res.status()).toBe(403);
      expect(await res.json()).toEqual({
        detail: `${name} is not included in your Free plan. Upgrade to Pro or Premium to use it.`,
        upgrade: { feature: "export_markdown_pdf", plans: ["pro", "premium"] },
      });
    }
  });

  test("content types, file names and the timestamps option", async ({ request }) => {
    const { id } = await signedIn(request, "pro");
    const txt = await request.get(`/api/transcriptions/${id}/export?format=txt&timestamps=1&tz=Europe/Berlin`);
    expect(txt.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    expect(txt.headers()["content-disposition"]).toBe(`attachment; filename="jfk-inaugural.txt"; filename*=UTF-8''JFK%20inaugural.txt`);
    const text = await txt.text();
    expect(text).toContain("[00:00] and so my fellow americans");
    expect(text).toContain("[00:03] ask not what your country");
    const plain = await (await request.get(`/api/transcriptions/${id}/export?format=txt&timestamps=0`)).text();
    expect(plain).not.toContain("[00:00]");
    const types: Record<string, string> = {
      md: "text/markdown; charset=utf-8",
      pdf: "application/pdf",
      docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      srt: "application/x-subrip; charset=utf-8",
      vtt: "text/vtt; charset=utf-8",
    };
    for (const [format, type] of Object.entries(types)) {
      const res = await request.get(`/api/transcriptions/${id}/export?format=${format}`);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe(type);
      expect(res.headers()["content-disposition"]).toContain(`filename="jfk-inaugural.${format}"`);
    }
  });

  test("bad export requests", async ({ request }) => {
    const { id } = await signedIn(request, "pro");
    const cases: [string, number, string][] = [
      ["format=exe", 400, 'Unknown export format "exe". Choose one of: txt, md, pdf, docx, srt, vtt.'],
      ["", 400, "Choose an export format with ?format=: one of txt, md, pdf, docx, srt, vtt."],
      ["format=txt&timestamps=maybe", 400, 'timestamps must be "1" or "0".'],
      ["format=txt&version=pretty", 400, 'version must be "raw" or "formatted".'],
      ["format=txt&tz=Mars/Olympus", 400, 'Unknown time zone "Mars/Olympus".'],
      ["format=pdf&version=formatted", 409, "This transcript has no formatted version yet. Format it first, or export the raw transcript."],
    ];
    for (const [query, status, detail] of cases) {
      const res = await request.get(`/api/transcriptions/${id}/export?${query}`);
      expect(res.status(), query).toBe(status);
      expect((await res.json()).detail).toBe(detail);
    }
  });
});

test.describe("formatting and styles", () => {
  test("free users are refused AI enhancement; pro users get it, the raw transcript stays", async ({ request, playwright }) => {
    const { id } = await signedIn(request);
    const refused = await request.post(`/api/transcriptions/${id}/format`, { data: { level: "basic" }, headers: ORIGIN });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).detail).toBe("AI enhancement is not included in your Free plan. Upgrade to Pro or Premium to use it.");

    const pro = await playwright.request.newContext({ baseURL: "http://127.0.0.1:3100", extraHTTPHeaders: { "x-forwarded-for": "10.201.0.10" } });
    const { id: proId } = await signedIn(pro, "pro");
    const done = await pro.post(`/api/transcriptions/${proId}/format`, { data: { level: "basic" }, headers: ORIGIN });
    expect(done.status()).toBe(200);
    // The rules run at once: no language-model run is waiting.
    const state = await done.json();
    expect(state.run).toBeNull();
    const formatted = state.formatted;
    expect(formatted).toMatchObject({ level: "basic", outdated: false, style_name: null });
    expect(await (await pro.get(`/api/transcriptions/${proId}/format`)).json()).toEqual(state);
    expect(formatted.markdown).toContain("And so my fellow americans. Ask not what your country");
    const got = await (await pro.get(`/api/transcriptions/${proId}`)).json();
    expect(got.segments[0].text).toBe("and so my fellow americans");
    const advanced = await pro.post(`/api/transcriptions/${proId}/format`, { data: { level: "advanced" }, headers: ORIGIN });
    expect(advanced.status()).toBe(403);
    expect((await advanced.json()).detail).toBe("Advanced AI formatting is not included in your Pro plan. Upgrade to Premium to use it.");
  });

  test("premium without a language model: advanced formatting says what is needed", async ({ request }) => {
    const { id } = await signedIn(request, "premium");
    const res = await request.post(`/api/transcriptions/${id}/format`, { data: { level: "advanced" }, headers: ORIGIN });
    expect(res.status()).toBe(503);
    expect((await res.json()).detail).toBe(
      "AI formatting is not available on this server.",
    );
    const bad = await request.post(`/api/transcriptions/${id}/format`, { data: { level: "style" }, headers: ORIGIN });
    expect(bad.status()).toBe(422);
    expect((await bad.json()).detail).toBe("Choose the style to apply.");
  });

  test("custom styles: premium only, validated, unique per user", async ({ request, playwright }) => {
    await signedIn(request, "premium");
    const created = await request.post("/api/styles", { data: { name: " Minutes ", instructions: "Meeting minutes with owners." }, headers: ORIGIN });
    expect(created.status()).toBe(201);
    const style = await created.json();
    expect(style).toMatchObject({ name: "Minutes", instructions: "Meeting minutes with owners." });
    const twice = await request.post("/api/styles", { data: { name: "Minutes", instructions: "again" }, headers: ORIGIN });
    expect(twice.status()).toBe(409);
    expect((await twice.json()).detail).toBe('You already have a style named "Minutes".');
    const empty = await request.post("/api/styles", { data: { name: "", instructions: "x" }, headers: ORIGIN });
    expect(empty.status()).toBe(422);
    expect((await empty.json()).detail).toBe("Give the style a name.");
    const renamed = await request.patch(`/api/styles/${style.id}`, { data: { name: "Board minutes", instructions: "Formal." }, headers: ORIGIN });
    expect(renamed.status()).toBe(200);
    expect((await (await request.get("/api/styles")).json()).styles.map((s: { name: string }) => s.name)).toEqual(["Board minutes"]);
    expect((await request.delete(`/api/styles/${style.id}`, { headers: ORIGIN })).status()).toBe(200);
    expect((await request.delete(`/api/styles/${style.id}`, { headers: ORIGIN })).status()).toBe(404);

    const pro = await playwright.request.newContext({ baseURL: "http://127.0.0.1:3100", extraHTTPHeaders: { "x-forwarded-for": "10.201.0.11" } });
    await signedIn(pro, "pro");
    const refused = await pro.post("/api/styles", { data: { name: "Mine", instructions: "x" }, headers: ORIGIN });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).detail).toBe("Custom transcription styles are not included in your Pro plan. Upgrade to Premium to use them.");
  });
});
