import { randomUUID } from "node:crypto";
import type { APIResponse } from "@playwright/test";
import { createUser, expect, ORIGIN, sql, test, uniqueEmail } from "./support/fixtures";
import { addMember, openWorkspace, seedTeamWorkspace, setRole, type SeededTeam } from "./support/teams";

/**
 * Issue 40 §3, the rest of the walk (roles-ui.spec.ts walks the rows and the transcript's
 * title): folders, filing, moving, share links and exports, for a viewer, a member and an
 * admin. Each is offered what the server allows; each refusal the server makes all the same
 * (a role lowered while the page was open) shows its sentence where the action was taken.
 */

const VIEWERS_READ_ONLY = "Viewers of this workspace can read and export only.";
const ADMINS_ONLY = "Only the workspace's owner and admins can do this.";
const NOT_YOURS_TO_SHARE = "Only the transcript's owner or a workspace admin can share it.";

async function withFolder(t: SeededTeam, name: string): Promise<string> {
  const id = randomUUID();
  await sql("insert into folders (id, workspace_id, name) values ($1, $2, $3)", [id, t.workspaceId, name]);
  return id;
}

test("a viewer can filter by folder, read and export, and is offered no folder, move or share action", async ({ page, request }) => {
  const owner = await createUser(request, { name: "Olivia Owner" });
  const viewer = await createUser(request, { name: "Vera Viewer", email: uniqueEmail("vera") });
  const t = await seedTeamWorkspace(owner);
  const interviews = await withFolder(t, "Interviews");
  await sql("update transcriptions set folder_id = $2 where id = $1", [t.done, interviews]);
  await addMember(t.workspaceId, viewer.email, "viewer");

  await openWorkspace(page, viewer, t);
  const folderBar = page.getByTestId("folder-bar");
  await folderBar.getByRole("button", { name: /^Interviews/ }).click();
  await expect(page.getByTestId("transcription-row")).toHaveCount(1);
  await expect(page.getByTestId("transcription-row")).toContainText("Team call");
  for (const offered of ["New folder", "Rename folder", "Delete folder"]) await expect(page.getByRole("button", { name: offered })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);

  await page.goto(`/transcription/${t.done}`);
  await expect(page.getByTestId("transcript")).toContainText("country");
  await expect(page.getByRole("button", { name: "Share" })).toHaveCount(0);
  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("radio", { name: /\(\.srt\)/ }).check();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.srt$/);

  // What the page does not offer, the server refuses with the same sentences.
  const api = page.request;
  const refused = async (res: APIResponse, status: number, detail: string) => {
    expect(res.status()).toBe(status);
    expect((await res.json()).detail).toBe(detail);
  };
  await refused(await api.post("/api/folders", { headers: ORIGIN, data: { name: "Mine" } }), 403, VIEWERS_READ_ONLY);
  await refused(await api.patch(`/api/folders/${interviews}`, { headers: ORIGIN, data: { name: "Theirs" } }), 403, VIEWERS_READ_ONLY);
  await refused(await api.delete(`/api/folders/${interviews}`, { headers: ORIGIN }), 403, ADMINS_ONLY);
  await refused(await api.post(`/api/transcriptions/${t.done}/share-links`, { headers: ORIGIN, data: {} }), 403, NOT_YOURS_TO_SHARE);
});

test("a member makes, renames and files into folders; lowered to a viewer while the page is open, each of those shows its sentence", async ({ page, request }) => {
  const owner = await createUser(request, { name: "Olivia Owner" });
  const member = await createUser(request, { name: "Max Member", email: uniqueEmail("max") });
  const t = await seedTeamWorkspace(owner);
  await withFolder(t, "Interviews");
  await addMember(t.workspaceId, member.email, "member");

  await openWorkspace(page, member, t);
  const folderBar = page.getByTestId("folder-bar");
  await folderBar.getByRole("button", { name: "New folder" }).click();
  await page.getByLabel("Folder name").fill("Drafts");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(folderBar.getByRole("button", { name: /^Drafts/ })).toBeVisible();

  await folderBar.getByRole("button", { name: /^Drafts/ }).click();
  // Members rename folders; deleting one is for the owner and admins.
  await expect(page.getByRole("button", { name: "Delete folder" })).toHaveCount(0);
  await page.getByRole("button", { name: "Rename folder" }).click();
  await page.getByLabel("Folder name").fill("Drafts 2026");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(folderBar.getByRole("button", { name: /^Drafts 2026/ })).toBeVisible();

  // Filing within the workspace, but no other space: moving out is for its owner and admins.
  await folderBar.getByRole("button", { name: /^All/ }).click();
  await page.getByRole("button", { name: "Move Team call" }).click();
  const move = page.getByRole("dialog", { name: "Move “Team call”" });
  await expect(move.getByText("Another space")).toHaveCount(0);
  await move.getByRole("radio", { name: "Interviews" }).check();
  await move.getByRole("button", { name: "Move" }).click();
  await expect(move).toHaveCount(0);
  await folderBar.getByRole("button", { name: /^Interviews/ }).click();
  await expect(page.getByTestId("transcription-row")).toHaveCount(1);
  await expect(page.getByTestId("transcription-row")).toContainText("Team call");

  await page.goto(`/transcription/${t.done}`);
  await expect(page.getByTestId("transcript")).toContainText("country");
  await expect(page.getByRole("button", { name: "Share" })).toHaveCount(0);

  // The owner makes Max a viewer; his open dashboard still offers what a member had.
  await openWorkspace(page, member, t);
  await setRole(t.workspaceId, member.email, "viewer");
  await folderBar.getByRole("button", { name: "New folder" }).click();
  await page.getByLabel("Folder name").fill("Refused");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(folderBar.getByRole("alert")).toHaveText(VIEWERS_READ_ONLY);
  await folderBar.getByRole("button", { name: "Cancel" }).click();

  await folderBar.getByRole("button", { name: /^Drafts 2026/ }).click();
  await page.getByRole("button", { name: "Rename folder" }).click();
  await page.getByLabel("Folder name").fill("Refused too");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: VIEWERS_READ_ONLY })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();

  await folderBar.getByRole("button", { name: /^All/ }).click();
  await page.getByRole("button", { name: "Move Still transcribing" }).click();
  const refusedMove = page.getByRole("dialog", { name: "Move “Still transcribing”" });
  await refusedMove.getByRole("radio", { name: "Drafts 2026" }).check();
  await refusedMove.getByRole("button", { name: "Move" }).click();
  await expect(refusedMove.getByRole("alert")).toHaveText(VIEWERS_READ_ONLY);

  const folders = await sql<{ name: string }>("select name from folders where workspace_id = $1 order by name", [t.workspaceId]);
  expect(folders.map((f) => f.name)).toEqual(["Drafts 2026", "Interviews"]);
  const [still] = await sql<{ folder_id: string | null }>("select folder_id from transcriptions where id = $1", [t.processing]);
  expect(still.folder_id).toBeNull();
});

test("an admin shares and deletes folders; lowered to a member while the page is open, sharing and deleting show their sentences", async ({ page, request }) => {
  const owner = await createUser(request, { name: "Olivia Owner" });
  const admin = await createUser(request, { name: "Ada Admin", email: uniqueEmail("ada") });
  const t = await seedTeamWorkspace(owner);
  await withFolder(t, "Old");
  await withFolder(t, "Older");
  await addMember(t.workspaceId, admin.email, "admin");

  await openWorkspace(page, admin, t);
  const folderBar = page.getByTestId("folder-bar");
  await folderBar.getByRole("button", { name: /^Old\b/ }).click();
  await page.getByRole("button", { name: "Delete folder" }).click();
  await page.getByRole("dialog", { name: "Delete the folder “Old”?" }).getByRole("button", { name: "Delete folder" }).click();
  await expect(folderBar.getByRole("button", { name: /^Old\b/ })).toHaveCount(0);

  await page.goto(`/transcription/${t.done}`);
  await page.getByRole("button", { name: "Share" }).click();
  const share = page.getByRole("dialog", { name: "Share a read-only link" });
  await share.getByRole("button", { name: "Create link" }).click();
  await expect(share.getByRole("button", { name: "Revoke" })).toHaveCount(1);

  await setRole(t.workspaceId, admin.email, "member");
  await share.getByRole("button", { name: "Create link" }).click();
  await expect(share.getByRole("alert")).toHaveText(NOT_YOURS_TO_SHARE);
  await share.getByRole("button", { name: "Revoke" }).click();
  await expect(share.getByRole("alert")).toHaveText(NOT_YOURS_TO_SHARE);
  await page.keyboard.press("Escape");

  await setRole(t.workspaceId, admin.email, "admin");
  await openWorkspace(page, admin, t);
  await folderBar.getByRole("button", { name: /^Older/ }).click();
  await setRole(t.workspaceId, admin.email, "member");
  await page.getByRole("button", { name: "Delete folder" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete the folder “Older”?" });
  await confirm.getByRole("button", { name: "Delete folder" }).click();
  await expect(confirm.getByRole("alert")).toHaveText(ADMINS_ONLY);

  const links = await sql<{ n: string }>("select count(*) as n from share_links where transcription_id = $1 and revoked_at is null", [t.done]);
  expect(Number(links[0].n)).toBe(1);
  expect((await sql<{ one: number }>("select 1 as one from folders where workspace_id = $1 and name = 'Older'", [t.workspaceId])).length).toBe(1);
});
