import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { ORIGIN, createUser, expect, logInViaApi, sql, test, uniqueEmail, type Credentials } from "./support/fixtures";
import { addMember, onTeamPlan } from "./support/teams";
import { editorHydrated, holdSegmentSaves, seedJfkTranscript } from "./support/transcripts";

/**
 * Issue 40 §2: an owner and an editor of one workspace, each in a browser of their own, edit
 * one transcript. Edits of different segments both land and appear live on the other's page
 * with who made them; an edit of the same segment is a conflict that names the teammate and
 * shows both texts; a segment opened and left as it was saves nothing.
 */

const FIRST = "and so my fellow americans";
const SECOND = "ask not what your country can do for you ask what you can do for your country";

async function studio(browser: Browser, request: Parameters<typeof createUser>[0]) {
  const owner = await createUser(request, { name: "Olivia Owner" });
  const editor = await createUser(request, { name: "Eddie Editor", email: uniqueEmail("eddie") });
  await onTeamPlan(owner.email, 5);
  const workspaceId = randomUUID();
  await sql("insert into workspaces (id, name, slug) values ($1, $2, $3)", [workspaceId, "Podcast studio", `studio-${workspaceId.slice(0, 8)}`]);
  await addMember(workspaceId, owner.email, "owner");
  await addMember(workspaceId, editor.email, "member");
  const id = await seedJfkTranscript(owner.email, "Episode 12");
  await sql("update transcriptions set workspace_id = $2, billed_user_id = user_id where id = $1", [id, workspaceId]);
  const open = async (creds: Credentials) => {
    const page = await (await browser.newContext()).newPage();
    await logInViaApi(page, creds);
    const res = await page.request.post("/api/auth/organization/set-active", { headers: ORIGIN, data: { organizationId: workspaceId } });
    expect(res.status(), await res.text()).toBe(200);
    await page.goto(`/transcription/${id}`);
    await editorHydrated(page);
    return page;
  };
  return { id, olivia: await open(owner), eddie: await open(editor) };
}

const segment = (page: Page, n: number) => page.getByTestId("segment").nth(n);

async function typeInto(page: Page, n: number, text: string) {
  await segment(page, n).getByRole("button", { name: /^Edit the segment/ }).click();
  await segment(page, n).getByRole("textbox").fill(text);
  await segment(page, n).getByRole("textbox").press("Escape");
}

const texts = async (id: string) =>
  (await sql<{ text: string }>("select text from transcript_segments where transcription_id = $1 order by position", [id])).map((r) => r.text);

test("edits of different segments both land and appear on the other's page with who made them; who is here, and where, shows", async ({ browser, request }) => {
  const { id, olivia, eddie } = await studio(browser, request);
  await expect(olivia.getByTestId("presence")).toHaveText("Also here: Eddie Editor");
  await expect(eddie.getByTestId("presence")).toHaveText("Also here: Olivia Owner");

  await typeInto(olivia, 0, "And so, my fellow Americans:");
  await expect(olivia.getByTestId("save-status")).toHaveText("All changes saved");
  // Eddie's page shows it without a reload, marked with her name.
  await expect(segment(eddie, 0)).toContainText("And so, my fellow Americans:");
  await expect(segment(eddie, 0).getByTestId("peer-note")).toHaveText("Edited by Olivia Owner");

  // His edit of the other segment, on the page he opened before hers, lands too.
  await typeInto(eddie, 1, "Ask not what your country can do for you.");
  await expect(eddie.getByTestId("save-status")).toHaveText("All changes saved");
  await expect(eddie.getByRole("dialog")).toHaveCount(0);
  await expect(segment(olivia, 1)).toContainText("Ask not what your country can do for you.");
  await expect(segment(olivia, 1).getByTestId("peer-note")).toHaveText("Edited by Eddie Editor");
  expect(await texts(id)).toEqual(["And so, my fellow Americans:", "Ask not what your country can do for you."]);

  // Where each one edits is shown to the other.
  await segment(eddie, 1).getByRole("button", { name: /^Edit the segment/ }).click();
  await expect(olivia.getByTestId("presence")).toHaveText("Also here: Eddie Editor (editing 00:03)");
  await expect(segment(olivia, 1).getByTestId("peer-note")).toHaveText("Eddie Editor is editing");

  // Olivia splits the first segment while Eddie types in the second: his segment moves down one,
  // and his text box keeps his cursor and his words.
  const box = segment(eddie, 1).getByRole("textbox");
  await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
  await segment(olivia, 0).getByRole("button", { name: /^Edit the segment/ }).click();
  await segment(olivia, 0).getByRole("textbox").evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(7, 7));
  await segment(olivia, 0).getByRole("textbox").press("Alt+Enter");
  await expect(olivia.getByTestId("segment")).toHaveCount(3);
  await expect(eddie.getByTestId("segment")).toHaveCount(3);
  await expect(segment(eddie, 0)).toContainText("And so,");
  await expect(segment(eddie, 1)).toContainText("my fellow Americans:");
  const moved = segment(eddie, 2).getByRole("textbox");
  await expect(moved).toBeFocused();
  await eddie.keyboard.type(" Really.");
  await expect(moved).toHaveValue("Ask not what your country can do for you. Really.");
  await moved.press("Escape");
  await expect(eddie.getByTestId("save-status")).toHaveText("All changes saved");
  expect(await texts(id)).toEqual(["And so,", "my fellow Americans:", "Ask not what your country can do for you. Really."]);
});

test("an edit of a segment the teammate saved first is a conflict naming her, with both texts; keeping mine saves it", async ({ browser, request }) => {
  const { id, olivia, eddie } = await studio(browser, request);
  // Eddie's save is held on its way (a slow network) while Olivia saves the same segment.
  const release = await holdSegmentSaves(eddie, id);
  await typeInto(eddie, 0, "Eddie's opening line.");
  await typeInto(olivia, 0, "Olivia's opening line.");
  await expect(olivia.getByTestId("save-status")).toHaveText("All changes saved");
  await release();

  const dialog = eddie.getByRole("dialog", { name: "The segment at 00:00 was changed by Olivia Owner" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Olivia Owner saved this segment while you were editing it.");
  await expect(dialog).not.toContainText("another tab");
  await expect(dialog.getByTestId("conflict-mine")).toHaveText("Eddie's opening line.");
  await expect(dialog.getByTestId("conflict-theirs")).toHaveText("Olivia's opening line.");
  expect((await texts(id))[0]).toBe("Olivia's opening line.");

  await dialog.getByRole("button", { name: "Keep mine" }).click();
  await expect(dialog).toBeHidden();
  await expect(eddie.getByTestId("save-status")).toHaveText("All changes saved");
  expect(await texts(id)).toEqual(["Eddie's opening line.", SECOND]);
  await expect(segment(olivia, 0)).toContainText("Eddie's opening line.");

  // The other way round, taking hers: his text gives way, nothing more is saved.
  const releaseAgain = await holdSegmentSaves(eddie, id);
  await typeInto(eddie, 1, "Eddie's second line.");
  await typeInto(olivia, 1, "Olivia's second line.");
  await expect(olivia.getByTestId("save-status")).toHaveText("All changes saved");
  await releaseAgain();
  const again = eddie.getByRole("dialog", { name: "The segment at 00:03 was changed by Olivia Owner" });
  await again.getByRole("button", { name: "Take Olivia Owner’s" }).click();
  await expect(again).toBeHidden();
  await expect(segment(eddie, 1)).toContainText("Olivia's second line.");
  expect(await texts(id)).toEqual(["Eddie's opening line.", "Olivia's second line."]);
});

test("a segment opened and left as it was saves nothing", async ({ browser, request }) => {
  const { id, olivia } = await studio(browser, request);
  const saves: string[] = [];
  olivia.on("request", (r) => {
    if (r.url().endsWith("/segments")) saves.push(r.method());
  });
  await segment(olivia, 1).getByRole("button", { name: /^Edit the segment/ }).click();
  await expect(segment(olivia, 1).getByRole("textbox")).toHaveValue(SECOND);
  await segment(olivia, 1).getByRole("textbox").press("Escape");
  await segment(olivia, 0).dblclick();
  await segment(olivia, 0).getByRole("textbox").press("Escape");
  // Longer than the autosave's wait.
  await olivia.waitForTimeout(1500);
  expect(saves).toEqual([]);
  const [row] = await sql<{ version: number }>("select version from transcriptions where id = $1", [id]);
  expect(row.version).toBe(0);
  expect(await texts(id)).toEqual([FIRST, SECOND]);
});
