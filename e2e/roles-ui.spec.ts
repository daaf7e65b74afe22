import { createUser, expect, sql, test, uniqueEmail } from "./support/fixtures";
import { addMember, openWorkspace, seedTeamWorkspace, setRole } from "./support/teams";
import { seedJfkTranscript } from "./support/transcripts";

/**
 * Issue 40 §3: each person is offered only what their role allows on each transcription (the
 * rules the server applies), and an action the server refuses all the same — a role lowered
 * while the page was open — shows its sentence instead of failing silently.
 */

const VIEWERS_READ_ONLY = "Viewers of this workspace can read and export only.";

test("a viewer is offered reading and exporting only: no upload, record, rename, cancel or delete, on the dashboard or the transcript", async ({ page, request }) => {
  const owner = await createUser(request, { name: "Olivia Owner" });
  const viewer = await createUser(request, { name: "Vera Viewer", email: uniqueEmail("vera") });
  const t = await seedTeamWorkspace(owner);
  await addMember(t.workspaceId, viewer.email, "viewer");

  await openWorkspace(page, viewer, t);
  await expect(page.getByTestId("viewer-note")).toContainText(`You are a viewer of ${t.workspace}: you can read, search and export its transcriptions.`);
  await expect(page.getByLabel("Choose audio files")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Record/ })).toHaveCount(0);
  const rows = page.getByTestId("transcription-row");
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row.getByRole("button")).toHaveCount(0);

  // The transcript: read, search and export; nothing that changes it.
  await page.goto(`/transcription/${t.done}`);
  await expect(page.getByTestId("transcript")).toContainText("country");
  await expect(page.getByRole("button", { name: "Rename" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Find" })).toBeVisible();
  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("radio", { name: /\(\.txt\)/ }).check();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.txt$/);
});

test("a member whose role was lowered while the page was open is told why each change is refused, never left with a silent failure", async ({ page, request }) => {
  const owner = await createUser(request, { name: "Olivia Owner" });
  const member = await createUser(request, { name: "Max Member", email: uniqueEmail("max") });
  const t = await seedTeamWorkspace(owner);
  await addMember(t.workspaceId, member.email, "member");

  const own = await seedJfkTranscript(member.email, "Max's notes");
  await sql("update transcriptions set workspace_id = $2, billed_user_id = $3 where id = $1", [own, t.workspaceId, (await sql<{ id: string }>("select id from users where email = $1", [owner.email]))[0].id]);

  await openWorkspace(page, member, t);
  // A member is offered the changes: renaming and canceling anything, deleting what they added (as the server allows).
  await expect(page.getByTestId("viewer-note")).toHaveCount(0);
  await expect(page.getByLabel("Choose audio files")).toBeAttached();
  const doneRow = page.getByTestId("transcription-row").filter({ hasText: "Team call" });
  const busyRow = page.getByTestId("transcription-row").filter({ hasText: "Still transcribing" });
  const ownRow = page.getByTestId("transcription-row").filter({ hasText: "Max's notes" });
  await expect(doneRow.getByRole("button", { name: "Rename Team call" })).toBeVisible();
  await expect(doneRow.getByRole("button", { name: "Delete Team call" })).toHaveCount(0);
  await expect(busyRow.getByRole("button", { name: "Cancel" })).toBeVisible();
  await expect(ownRow.getByRole("button", { name: "Delete Max's notes" })).toBeVisible();

  // The owner makes them a viewer; the page still shows what it offered.
  await setRole(t.workspaceId, member.email, "viewer");

  await ownRow.getByRole("button", { name: "Delete Max's notes" }).click();
  await page.getByRole("dialog", { name: "Delete “Max's notes”?" }).getByRole("button", { name: "Delete" }).click();
  await expect(ownRow.getByRole("alert")).toHaveText("Only the person who added this transcription, or a workspace admin, can delete it.");
  await expect(ownRow).toBeVisible();

  await busyRow.getByRole("button", { name: "Cancel" }).click();
  await expect(busyRow.getByRole("alert")).toHaveText(VIEWERS_READ_ONLY);

  await doneRow.getByRole("button", { name: "Rename Team call" }).click();
  // While renamed, the row shows its title in a field (the row is found by the field).
  const renaming = page.getByTestId("transcription-row").filter({ has: page.getByLabel("Title") });
  await renaming.getByLabel("Title").fill("Renamed");
  await renaming.getByRole("button", { name: "Save" }).click();
  await expect(renaming.getByRole("alert")).toHaveText(VIEWERS_READ_ONLY);

  // Nothing changed on the server.
  const rows = await sql<{ title: string; status: string; deleted_at: Date | null }>("select title, status, deleted_at from transcriptions where id = any($1) order by title", [[t.done, t.processing, own]]);
  expect(rows).toEqual([
    { title: "Max's notes", status: "done", deleted_at: null },
    { title: "Still transcribing", status: "processing", deleted_at: null },
    { title: "Team call", status: "done", deleted_at: null },
  ]);

  // Reloaded, the page follows the new role.
  await page.reload();
  await expect(page.getByTestId("viewer-note")).toBeVisible();
  await expect(doneRow.getByRole("button")).toHaveCount(0);
});
