import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { ORIGIN, createUser, expect, linkIn, logInThroughForm, logInViaApi, sql, test, uniqueEmail, waitForMail, type Credentials } from "./support/fixtures";
import { APP_URL } from "./support/stack-config";
import { editorHydrated, seedJfkTranscript } from "./support/transcripts";

/**
 * A team of three through the browser: the owner creates a workspace and invites by email, the
 * invitations arrive by mail and are accepted, a member edits what the owner sees, a viewer
 * reads and exports only, and a removed member loses the transcript at once.
 */

/** The Team plan (per seat, team_management), as a checkout would leave it. */
async function onTeamPlan(email: string, seats: number): Promise<void> {
  await sql(
    "insert into subscriptions (id, user_id, plan_id, status, billing_interval, seats) select 'sub-' || id, id, 'team', 'active', 'monthly', $2 from users where email = $1",
    [email.toLowerCase(), seats],
  );
}

/** A browser of one's own (own cookies), as a colleague on another machine. */
async function ownBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: APP_URL, extraHTTPHeaders: { "x-forwarded-for": `10.31.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
  return context.newPage();
}

async function switcher(page: Page) {
  return page.getByRole("button", { name: /^Space: .*\. Change space$/ });
}

/** Follows the invitation mail's link and accepts it; the workspace is then the active space. */
async function accept(page: Page, link: string, workspace: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { name: `Join ${workspace}` })).toBeVisible();
  await expect(page.getByText("Olivia Owner invited you to the workspace")).toBeVisible();
  await page.getByRole("button", { name: "Accept and join" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: `${workspace} — workspace` })).toBeVisible();
}

test("a team of three: create, invite by mail, accept; a member edits, a viewer exports, a removed member is out at once", async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const owner = await createUser(request, { name: "Olivia Owner" });
  const member: Credentials = await createUser(request, { name: "Max Member", email: uniqueEmail("max") });
  const viewer: Credentials = await createUser(request, { name: "Vera Viewer", email: uniqueEmail("vera") });
  await onTeamPlan(owner.email, 5);
  const workspace = `Acme ${Date.now().toString(36)}`;

  // The owner creates the workspace from the top bar's switcher; it becomes the space shown.
  await logInViaApi(page, owner);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Your transcriptions" })).toBeVisible();
  await (await switcher(page)).click();
  await page.getByRole("menuitem", { name: "New workspace…" }).click();
  const dialog = page.getByRole("dialog", { name: "New workspace" });
  await dialog.getByLabel("Name").fill(workspace);
  await dialog.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByRole("heading", { name: `${workspace} — workspace` })).toBeVisible();
  await expect(await switcher(page)).toHaveAccessibleName(`Space: ${workspace}. Change space`);

  // Its settings: invite a member and a viewer by email.
  await (await switcher(page)).click();
  await page.getByRole("menuitem", { name: "Workspace settings" }).click();
  await expect(page).toHaveURL(/\/workspace$/);
  await expect(page.getByRole("heading", { level: 1, name: workspace })).toBeVisible();
  for (const [who, role] of [
    [member, "Member"],
    [viewer, "Viewer"],
  ] as const) {
    await page.getByLabel("Email").fill(who.email);
    await page.getByLabel("Role", { exact: true }).selectOption({ label: role });
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`An invitation was sent to ${who.email}.`)).toBeVisible();
  }
  await expect(page.getByTestId("invitation-row")).toHaveCount(2);
  await expect(page.getByTestId("seats")).toContainText("2 of 5 seats used");

  // The mails arrive, each with the invitation's link.
  const memberLink = linkIn(await waitForMail(member.email, new RegExp(`invited you to ${workspace}`)));
  const viewerLink = linkIn(await waitForMail(viewer.email, new RegExp(`invited you to ${workspace}`)));
  expect(memberLink).toMatch(/\/invitations\/[^/]+$/);

  // The member is signed out: the link asks them to log in and brings them back to it.
  const memberPage = await ownBrowser(browser);
  await memberPage.goto(memberLink);
  await expect(memberPage).toHaveURL(/\/login\?next=%2Finvitations%2F/);
  await logInThroughForm(memberPage, member);
  await expect(memberPage).toHaveURL(/\/invitations\//);
  await accept(memberPage, memberLink, workspace);

  // The viewer is signed in already; an invitation sent to another address shows nothing of itself.
  const viewerPage = await ownBrowser(browser);
  await logInViaApi(viewerPage, viewer);
  await viewerPage.goto(memberLink);
  await expect(viewerPage.getByText("This invitation was sent to another email address. Sign in with that address to accept it.")).toBeVisible();
  await expect(viewerPage.getByText(workspace)).toHaveCount(0);
  await accept(viewerPage, viewerLink, workspace);
  // An accepted invitation cannot be used twice.
  await viewerPage.goto(viewerLink);
  await expect(viewerPage.getByText("You have already accepted this invitation.")).toBeVisible();

  await page.reload();
  await expect(page.getByTestId("member-row")).toHaveCount(3);
  await expect(page.getByTestId("invitation-row")).toHaveCount(0);

  // A transcript of the workspace (made directly: the pipeline has its own tests).
  const id = await seedJfkTranscript(owner.email, "Team call");
  const [{ workspace_id: workspaceId }] = await sql<{ workspace_id: string }>(
    "select organization_id as workspace_id from workspace_members m join users u on u.id = m.user_id where u.email = $1 and m.role = 'owner'",
    [owner.email.toLowerCase()],
  );
  await sql("update transcriptions set workspace_id = $2, billed_user_id = user_id where id = $1", [id, workspaceId]);

  // The member edits a segment; the owner sees the edit.
  await memberPage.goto("/dashboard");
  await expect(memberPage.getByRole("link", { name: /Team call/ })).toBeVisible();
  await memberPage.goto(`/transcription/${id}`);
  await editorHydrated(memberPage);
  const first = memberPage.getByTestId("segment").nth(0);
  await first.dblclick();
  await first.getByRole("textbox").fill("And so, my fellow team:");
  await first.getByRole("textbox").press("Escape");
  await expect(memberPage.getByTestId("save-status")).toHaveText("All changes saved");
  await page.goto(`/transcription/${id}`);
  await expect(page.getByTestId("segment").nth(0)).toContainText("And so, my fellow team:");

  // The viewer reads and exports, but cannot change a word.
  await viewerPage.goto(`/transcription/${id}`);
  await expect(viewerPage.getByTestId("segment").nth(0)).toContainText("And so, my fellow team:");
  const [{ version }] = await sql<{ version: number }>("select version from transcriptions where id = $1", [id]);
  const refused = await viewerPage.request.patch(`/api/transcriptions/${id}/segments`, {
    headers: ORIGIN,
    data: { base_version: version, changes: [{ position: 0, text: "viewer was here" }] },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { detail: string }).detail).toBe("Viewers of this workspace can read and export only.");
  await viewerPage.getByRole("button", { name: "Export" }).click();
  await viewerPage.getByRole("radio", { name: /\(\.txt\)/ }).check();
  const download = viewerPage.waitForEvent("download");
  await viewerPage.getByRole("button", { name: "Download" }).click();
  const file = await download;
  expect(await readFile((await file.path())!, "utf8")).toContain("And so, my fellow team:");

  // The owner removes the member: their very next request finds nothing.
  await page.goto("/workspace");
  await page.getByRole("button", { name: "Remove Max Member" }).click();
  await page.getByRole("dialog", { name: `Remove Max Member from ${workspace}?` }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("member-row")).toHaveCount(2);
  expect((await memberPage.request.get(`/api/transcriptions/${id}`)).status()).toBe(404);
  expect((await memberPage.request.get(`/api/transcriptions/${id}/export?format=txt`)).status()).toBe(404);
  // Their session still names the workspace: it falls back to their personal space.
  await memberPage.goto("/dashboard");
  await expect(memberPage.getByRole("heading", { name: "Your transcriptions" })).toBeVisible();
  await expect(memberPage.getByRole("link", { name: /Team call/ })).toHaveCount(0);
  await memberPage.goto("/workspace");
  await expect(memberPage).toHaveURL(/\/dashboard$/);

  await memberPage.context().close();
  await viewerPage.context().close();
});

test("without a plan that includes team workspaces, New workspace… says which plans do and links to them", async ({ page, request }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  await (await switcher(page)).click();
  await page.getByRole("menuitem", { name: "New workspace…" }).click();
  const dialog = page.getByRole("dialog", { name: "New workspace" });
  await expect(dialog).toContainText(/Team workspaces are not included in your Free plan\. Upgrade to .*Team/);
  await expect(dialog.getByRole("link", { name: "See plans and billing" })).toBeVisible();
  // The server refuses it too, whatever the page offers.
  const res = await page.request.post("/api/auth/organization/create", { headers: ORIGIN, data: { name: "Sneaky", slug: `sneaky-${Date.now()}` } });
  expect(res.status()).toBe(403);
});

test("the switcher works on a 375 px screen and with the keyboard", async ({ page, request }) => {
  const creds = await createUser(request);
  await onTeamPlan(creds.email, 2);
  await page.setViewportSize({ width: 375, height: 740 });
  await logInViaApi(page, creds);
  const created = await page.request.post("/api/auth/organization/create", { headers: ORIGIN, data: { name: "A rather long workspace name for a phone", slug: `long-${Date.now()}` } });
  expect(created.status(), await created.text()).toBe(200);
  await page.goto("/dashboard");
  const trigger = await switcher(page);
  await expect(trigger).toHaveAccessibleName("Space: A rather long workspace name for a phone. Change space");
  // Nothing in the top bar runs off the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  // Opened from the keyboard, the menu puts the focus on its first entry.
  await expect(page.getByRole("menuitemradio", { name: "Personal" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Your transcriptions" })).toBeVisible();
  await expect(await switcher(page)).toHaveAccessibleName("Space: Personal. Change space");
});

test("viewers are free: a full Team plan still takes a viewer, but not a member, and a viewer made member needs a free seat", async ({ page, request }) => {
  const owner = await createUser(request, { name: "Olivia Owner" });
  await onTeamPlan(owner.email, 2);
  await logInViaApi(page, owner);
  const created = await page.request.post("/api/auth/organization/create", { headers: ORIGIN, data: { name: "Clients", slug: `clients-${Date.now()}` } });
  expect(created.status(), await created.text()).toBe(200);
  const workspaceId = ((await created.json()) as { id: string }).id;
  const colleague = await createUser(request, { email: uniqueEmail("colleague") });
  await sql("insert into workspace_members (id, organization_id, user_id, role) select 'm-' || id, $1, id, 'member' from users where email = $2", [workspaceId, colleague.email]);
  const client = await createUser(request, { email: uniqueEmail("client") });
  await sql("insert into workspace_members (id, organization_id, user_id, role) select 'm-' || id, $1, id, 'viewer' from users where email = $2", [workspaceId, client.email]);
  const invite = (role: string) => page.request.post("/api/auth/organization/invite-member", { headers: ORIGIN, data: { organizationId: workspaceId, email: uniqueEmail("invitee"), role } });

  // Owner and colleague fill both seats; the client viewing takes none.
  const full = "Your Team plan has 2 seats and all are taken. Add seats on your Account page to invite more people, or invite them as viewers (viewers are free).";
  const member = await invite("member");
  expect([member.status(), ((await member.json()) as { code: string; message: string })]).toEqual([403, expect.objectContaining({ code: "SEATS_TAKEN", message: full })]);
  expect((await invite("viewer")).status()).toBe(200);

  const [row] = await sql<{ id: string }>("select m.id from workspace_members m join users u on u.id = m.user_id where u.email = $1", [client.email]);
  const promoted = await page.request.post("/api/auth/organization/update-member-role", { headers: ORIGIN, data: { organizationId: workspaceId, memberId: row.id, role: "member" } });
  expect([promoted.status(), ((await promoted.json()) as { message: string }).message]).toEqual([403, "This workspace's Team plan has 2 seats and all are taken. Its owner can add seats on their Account page."]);

  // The workspace page says so, and the invite form leads the owner to add seats.
  const active = await page.request.post("/api/auth/organization/set-active", { headers: ORIGIN, data: { organizationId: workspaceId } });
  expect(active.status(), await active.text()).toBe(200);
  await page.goto("/workspace");
  await expect(page.getByTestId("seats")).toContainText("2 of 2 seats used");
  await expect(page.getByTestId("seats")).toContainText("viewers are free");
  await page.getByLabel("Email").fill(uniqueEmail("another"));
  await page.getByRole("button", { name: "Send invitation" }).click();
  const refusal = page.getByRole("heading", { name: "Invite someone" }).locator("..").getByRole("alert");
  await expect(refusal).toContainText(full);
  await expect(refusal.getByRole("link", { name: "Add seats" })).toHaveAttribute("href", "/account#plan");
});
