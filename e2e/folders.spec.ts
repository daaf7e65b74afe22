import { randomUUID } from "node:crypto";
import { openAdminPanel, userIdOf } from "./support/admin";
import { createUser, expect, logInViaApi, sql, test } from "./support/fixtures";
import { seedJfkTranscript } from "./support/transcripts";

/**
 * A workspace arranged in the database as Better Auth's organization plugin stores one (its
 * creation and invitations have their own specs), with the owner's session showing it.
 */
async function workspaceOf(email: string, name: string): Promise<string> {
  const userId = await userIdOf(email);
  const id = randomUUID();
  await sql("insert into workspaces (id, name, slug) values ($1, $2, $3)", [id, name, `e2e-${id}`]);
  await sql("insert into workspace_members (id, organization_id, user_id, role) values ($1, $2, $3, 'owner')", [randomUUID(), id, userId]);
  await sql("update sessions set active_organization_id = $1 where user_id = $2", [id, userId]);
  return id;
}

test("in a workspace: make a folder, move a transcript into it and filter; the admin panel shows the workspace", async ({ page, request, browser }) => {
  const owner = await createUser(request);
  await logInViaApi(page, owner);
  const name = `Newsroom ${randomUUID().slice(0, 8)}`;
  const workspace = await workspaceOf(owner.email, name);
  for (const title of ["Board call", "Standup"]) {
    const id = await seedJfkTranscript(owner.email, title);
    await sql("update transcriptions set workspace_id = $1 where id = $2", [workspace, id]);
  }

  await page.goto("/dashboard");
  const bar = page.getByRole("group", { name: "Folders" });
  const rows = page.getByTestId("transcription-row");
  await expect(rows).toHaveCount(2);
  await bar.getByRole("button", { name: "New folder" }).click();
  await bar.getByLabel("Folder name").fill("Clients");
  await bar.getByRole("button", { name: "Create" }).click();
  await expect(bar.getByRole("button", { name: /^Clients/ })).toHaveAccessibleName("Clients (0 transcriptions)");

  // The same name again is refused in a sentence.
  await bar.getByRole("button", { name: "New folder" }).click();
  await bar.getByLabel("Folder name").fill("clients");
  await bar.getByRole("button", { name: "Create" }).click();
  await expect(bar.getByRole("alert")).toHaveText("A folder with this name already exists.");
  await bar.getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: "Move Board call" }).click();
  const dialog = page.getByRole("dialog", { name: "Move “Board call”" });
  await dialog.getByRole("radio", { name: "Clients" }).check();
  await dialog.getByRole("button", { name: "Move" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(bar.getByRole("button", { name: /^Clients/ })).toHaveAccessibleName("Clients (1 transcription)");

  await bar.getByRole("button", { name: /^Clients/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Board call");
  await bar.getByRole("button", { name: /^Unfiled/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Standup");

  // Filed for good: after a reload the folder still holds it.
  await page.reload();
  await expect(bar.getByRole("button", { name: /^Clients/ })).toHaveAccessibleName("Clients (1 transcription)");
  const [row] = await sql<{ name: string }>("select f.name from transcriptions t join folders f on f.id = t.folder_id where t.title = 'Board call' and t.workspace_id = $1", [workspace]);
  expect(row?.name).toBe("Clients");

  // An operator sees the workspace, its owner and its size, read-only.
  const operatorPage = await (await browser.newContext()).newPage();
  await openAdminPanel(operatorPage, request, "workspaces", 2);
  await operatorPage.getByRole("searchbox", { name: "Search workspaces" }).fill(name);
  const listed = operatorPage.getByTestId(`admin-workspace-row-${workspace}`);
  await expect(listed).toContainText(name);
  await expect(listed).toContainText(owner.email.toLowerCase());
  await expect(listed.locator("td").nth(2)).toHaveText("1");
  await expect(listed.locator("td").nth(4)).toHaveText("2");
});
