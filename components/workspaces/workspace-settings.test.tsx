/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import type { WorkspaceDetail } from "@/lib/api/contract/workspaces";
import * as mockBetterAuth from "@/test/support/better-auth-client";
import { fakeFetch, type FakeRoute } from "@/test/support/fake-fetch";
import { WorkspaceSettings } from "./workspace-settings";

jest.mock("better-auth/react", () => mockBetterAuth.react);
jest.mock("better-auth/client/plugins", () => mockBetterAuth.clientPlugins);
jest.mock("better-auth/plugins/access", () => mockBetterAuth.access);
jest.mock("better-auth/plugins/organization/access", () => mockBetterAuth.organizationAccess);
const mockRouter = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter }));

const JOINED = "2026-11-01T10:00:00.000Z";
const ACME: WorkspaceDetail = {
  id: "ws-acme",
  name: "Acme",
  your_role: "owner",
  members: [
    { id: "m-olivia", user_id: "u-olivia", name: "Olivia Owner", email: "olivia@example.com", role: "owner", joined_at: JOINED },
    { id: "m-max", user_id: "u-max", name: "Max Member", email: "max@example.com", role: "member", joined_at: JOINED },
    { id: "m-vera", user_id: "u-vera", name: "Vera Viewer", email: "vera@example.com", role: "viewer", joined_at: JOINED },
  ],
  invitations: [{ id: "inv-1", email: "new@example.com", role: "member", expires_at: "2026-12-03T10:00:00.000Z" }],
  seats: { used: 4, limit: 5 },
};
const AS_VIEWER: WorkspaceDetail = { ...ACME, your_role: "viewer", invitations: [] };

function setup(initial: WorkspaceDetail, userId: string, routes: Record<string, FakeRoute> = {}) {
  const fetch = fakeFetch({ "GET /api/workspaces/current": { body: initial }, ...routes });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <WorkspaceSettings initial={initial} userId={userId} />
    </SWRConfig>,
  );
  return fetch;
}

const authCalls = (fetch: ReturnType<typeof fakeFetch>) => fetch.calls.filter((c) => c.path.startsWith("/api/auth/")).map((c) => [c.path, c.body]);
const rereads = (fetch: ReturnType<typeof fakeFetch>) => fetch.calls.filter((c) => c.path === "/api/workspaces/current").length;
const row = (name: string) => screen.getAllByTestId("member-row").find((r) => r.textContent?.includes(name))!;

beforeEach(() => jest.clearAllMocks());

test("the owner sees the seats, changes roles and removes members (never the owner's row), invites and revokes; Delete, not Leave", () => {
  setup(ACME, "u-olivia");
  expect(screen.getByRole("heading", { level: 1, name: "Acme" })).toBeInTheDocument();
  expect(screen.getByTestId("seats")).toHaveTextContent("4 of 5 seats used");
  expect(screen.getByRole("link", { name: "Change seats or plan" })).toHaveAttribute("href", "/account#plan");

  expect(within(row("Olivia Owner")).queryByRole("combobox")).toBeNull();
  expect(within(row("Olivia Owner")).getByText("Owner")).toBeInTheDocument();
  expect(within(row("Olivia Owner")).queryByRole("button")).toBeNull();
  expect(screen.getByRole("combobox", { name: "Role of Max Member" })).toHaveValue("member");
  expect(screen.getByRole("button", { name: "Remove Vera Viewer" })).toBeInTheDocument();

  expect(screen.getByRole("heading", { name: "Invite someone" })).toBeInTheDocument();
  const pending = screen.getByTestId("invitation-row");
  expect(pending).toHaveTextContent("new@example.com");
  expect(pending).toHaveTextContent(/Member · expires/);
  expect(screen.getByRole("button", { name: "Revoke the invitation to new@example.com" })).toBeInTheDocument();

  expect(screen.getByRole("button", { name: "Delete workspace" })).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Leave workspace" })).toBeNull();
});

test("a viewer reads the members only: no role choice, no Remove, no invitations; they can leave", () => {
  setup(AS_VIEWER, "u-vera");
  expect(screen.queryByRole("combobox")).toBeNull();
  expect(screen.queryByRole("button", { name: /^Remove/ })).toBeNull();
  expect(screen.queryByRole("heading", { name: "Invite someone" })).toBeNull();
  expect(screen.queryByRole("heading", { name: "Pending invitations" })).toBeNull();
  expect(screen.queryByRole("button", { name: "Rename" })).toBeNull();
  expect(screen.queryByRole("link", { name: "Change seats or plan" })).toBeNull();
  expect(within(row("Vera Viewer")).getByText("(you)")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Delete workspace" })).toBeNull();
});

test("an invitation goes to Better Auth with the chosen role; the server's refusal (seats) is shown as it words it", async () => {
  const seats = "Your Team plan has 5 seats and all are taken. Add seats on your Account page to invite more people, or invite them as viewers (viewers are free).";
  let answer: { status: number; body: unknown } = { status: 403, body: { message: seats, code: "SEATS_TAKEN" } };
  const fetch = setup(ACME, "u-olivia", { "POST /api/auth/organization/invite-member": () => answer });
  const form = screen.getByRole("heading", { name: "Invite someone" }).closest("section")!;

  fireEvent.click(within(form).getByRole("button", { name: "Send invitation" }));
  expect(await within(form).findByRole("alert")).toHaveTextContent("Enter the email address to send the invitation to.");
  expect(authCalls(fetch)).toEqual([]);

  fireEvent.change(within(form).getByLabelText("Email"), { target: { value: " ada@example.com " } });
  fireEvent.change(within(form).getByLabelText("Role"), { target: { value: "viewer" } });
  expect(form).toHaveTextContent("Viewer: reads and exports only, and takes no seat.");
  fireEvent.click(within(form).getByRole("button", { name: "Send invitation" }));
  await waitFor(() => expect(within(form).getByRole("alert")).toHaveTextContent(seats));
  // The owner is led to where seats are added.
  expect(within(within(form).getByRole("alert")).getByRole("link", { name: "Add seats" })).toHaveAttribute("href", "/account#plan");
  expect(authCalls(fetch)).toEqual([["/api/auth/organization/invite-member", { organizationId: "ws-acme", email: "ada@example.com", role: "viewer" }]]);

  answer = { status: 200, body: { id: "inv-2" } };
  const before = rereads(fetch);
  fireEvent.click(within(form).getByRole("button", { name: "Send invitation" }));
  expect(await within(form).findByRole("status")).toHaveTextContent("An invitation was sent to ada@example.com.");
  expect(within(form).getByLabelText("Email")).toHaveValue("");
  await waitFor(() => expect(rereads(fetch)).toBeGreaterThan(before));
});

test("changing a role, revoking an invitation and removing a member (after a confirmation) each call Better Auth and read the workspace again", async () => {
  const fetch = setup(ACME, "u-olivia", {
    "POST /api/auth/organization/update-member-role": { body: { id: "m-max" } },
    "POST /api/auth/organization/cancel-invitation": { body: { id: "inv-1" } },
    "POST /api/auth/organization/remove-member": { body: { member: { id: "m-vera" } } },
  });
  fireEvent.change(screen.getByRole("combobox", { name: "Role of Max Member" }), { target: { value: "admin" } });
  fireEvent.click(screen.getByRole("button", { name: "Revoke the invitation to new@example.com" }));

  fireEvent.click(screen.getByRole("button", { name: "Remove Vera Viewer" }));
  const dialog = screen.getByRole("dialog", { name: "Remove Vera Viewer from Acme?" });
  expect(dialog).toHaveTextContent("They lose access to the workspace's transcriptions at once.");
  fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

  expect(authCalls(fetch)).toEqual([
    ["/api/auth/organization/update-member-role", { organizationId: "ws-acme", memberId: "m-max", role: "admin" }],
    ["/api/auth/organization/cancel-invitation", { invitationId: "inv-1" }],
    ["/api/auth/organization/remove-member", { organizationId: "ws-acme", memberIdOrEmail: "m-vera" }],
  ]);
  await waitFor(() => expect(rereads(fetch)).toBeGreaterThanOrEqual(3));
});

test("a refused role change is said, and the table shows the server's state again", async () => {
  const fetch = setup({ ...ACME, your_role: "admin" }, "u-ada", {
    "POST /api/auth/organization/update-member-role": { status: 403, body: { message: "A workspace has one owner: the person who created it.", code: "WORKSPACE_REFUSED" } },
  });
  fireEvent.change(screen.getByRole("combobox", { name: "Role of Max Member" }), { target: { value: "viewer" } });
  expect(await screen.findByRole("alert")).toHaveTextContent("A workspace has one owner: the person who created it.");
  await waitFor(() => expect(rereads(fetch)).toBe(1));
  expect(screen.getByRole("combobox", { name: "Role of Max Member" })).toHaveValue("member");
});

test("renaming: admins only; the name is checked, then sent to Better Auth", async () => {
  const fetch = setup({ ...ACME, your_role: "admin" }, "u-ada", { "POST /api/auth/organization/update": { body: { id: "ws-acme", name: "Acme Labs" } } });
  fireEvent.click(screen.getByRole("button", { name: "Rename" }));
  const field = screen.getByLabelText("Workspace name");
  fireEvent.change(field, { target: { value: "   " } });
  fireEvent.click(screen.getByRole("button", { name: "Save name" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("Give the workspace a name.");
  fireEvent.change(field, { target: { value: "Acme Labs" } });
  fireEvent.click(screen.getByRole("button", { name: "Save name" }));
  await waitFor(() => expect(screen.queryByLabelText("Workspace name")).toBeNull());
  expect(authCalls(fetch)).toEqual([["/api/auth/organization/update", { organizationId: "ws-acme", data: { name: "Acme Labs" } }]]);
  expect(mockRouter.refresh).toHaveBeenCalled();
});

test("Leave asks first, then leaves, shows the personal space and the dashboard", async () => {
  const fetch = setup(AS_VIEWER, "u-vera", {
    "POST /api/auth/organization/leave": { body: { id: "m-vera" } },
    "POST /api/auth/organization/set-active": { body: null },
  });
  fireEvent.click(screen.getByRole("button", { name: "Leave workspace" }));
  const dialog = screen.getByRole("dialog", { name: "Leave Acme?" });
  expect(authCalls(fetch)).toEqual([]);
  fireEvent.click(within(dialog).getByRole("button", { name: "Leave workspace" }));
  await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith("/dashboard"));
  expect(authCalls(fetch)).toEqual([
    ["/api/auth/organization/leave", { organizationId: "ws-acme" }],
    ["/api/auth/organization/set-active", { organizationId: null }],
  ]);
});

test("Delete says the transcriptions move to the owner's personal space; a refusal stays in the dialog", async () => {
  let answer: { status: number; body: unknown } = { status: 500, body: { message: "The database is unreachable." } };
  const fetch = setup(ACME, "u-olivia", {
    "POST /api/auth/organization/delete": () => answer,
    "POST /api/auth/organization/set-active": { body: null },
  });
  fireEvent.click(screen.getByRole("button", { name: "Delete workspace" }));
  const dialog = screen.getByRole("dialog", { name: "Delete Acme?" });
  expect(dialog).toHaveTextContent("Its transcriptions move to your personal space, with their audio.");
  fireEvent.click(within(dialog).getByRole("button", { name: "Delete workspace" }));
  expect(await within(dialog).findByRole("alert")).toHaveTextContent("The database is unreachable.");
  expect(mockRouter.push).not.toHaveBeenCalled();

  answer = { status: 200, body: { id: "ws-acme" } };
  fireEvent.click(within(dialog).getByRole("button", { name: "Delete workspace" }));
  await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith("/dashboard"));
  expect(authCalls(fetch).map(([path]) => path)).toEqual(["/api/auth/organization/delete", "/api/auth/organization/delete", "/api/auth/organization/set-active"]);
});
