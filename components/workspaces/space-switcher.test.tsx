/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import type { WorkspaceList } from "@/lib/api/contract/workspaces";
import * as mockBetterAuth from "@/test/support/better-auth-client";
import { fakeFetch, type FakeRoute } from "@/test/support/fake-fetch";
import { SpaceSwitcher } from "./space-switcher";

jest.mock("better-auth/react", () => mockBetterAuth.react);
jest.mock("better-auth/client/plugins", () => mockBetterAuth.clientPlugins);
jest.mock("better-auth/plugins/access", () => mockBetterAuth.access);
jest.mock("better-auth/plugins/organization/access", () => mockBetterAuth.organizationAccess);
const mockRouter = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter }));

// Radix places the menu with a ResizeObserver, which jsdom does not have.
global.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const SPACES: WorkspaceList = {
  workspaces: [
    { id: "ws-acme", name: "Acme", role: "owner" },
    { id: "ws-beta", name: "Beta", role: "viewer" },
  ],
  active_id: "ws-acme",
  may_create: true,
  create_refusal: null,
};

function setup(list: WorkspaceList, routes: Record<string, FakeRoute> = {}) {
  const fetch = fakeFetch({ "GET /api/workspaces": { body: list }, ...routes });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SpaceSwitcher />
    </SWRConfig>,
  );
  return fetch;
}

async function openMenu() {
  const trigger = await screen.findByRole("button", { name: /^Space: Acme\. Change space$|^Space: Personal\. Change space$/ });
  fireEvent.keyDown(trigger, { key: "Enter" });
  return screen.findByRole("menu");
}

const authCalls = (fetch: ReturnType<typeof fakeFetch>) => fetch.calls.filter((c) => c.path.startsWith("/api/auth/")).map((c) => [c.path, c.body]);

beforeEach(() => jest.clearAllMocks());

test("names the active space; the menu lists Personal and each workspace, the active one checked, with its settings", async () => {
  setup(SPACES);
  expect(await screen.findByRole("button", { name: "Space: Acme. Change space" })).toHaveTextContent("Acme");
  const menu = await openMenu();
  const spaces = within(menu).getAllByRole("menuitemradio");
  expect(spaces.map((s) => s.textContent)).toEqual(["Personal", "Acme✓", "Beta"]);
  expect(within(menu).getByRole("menuitemradio", { name: /Acme/ })).toHaveAttribute("aria-checked", "true");
  expect(within(menu).getByRole("menuitem", { name: "Workspace settings" })).toHaveAttribute("href", "/workspace");
  expect(within(menu).getByRole("menuitem", { name: "New workspace…" })).toBeInTheDocument();
});

test("choosing Personal clears the active workspace, then shows the dashboard read again", async () => {
  const fetch = setup(SPACES, { "POST /api/auth/organization/set-active": { body: null } });
  const menu = await openMenu();
  fireEvent.click(within(menu).getByRole("menuitemradio", { name: "Personal" }));
  await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith("/dashboard"));
  expect(mockRouter.refresh).toHaveBeenCalled();
  expect(authCalls(fetch)).toEqual([["/api/auth/organization/set-active", { organizationId: null }]]);
});

test("in the personal space there are no workspace settings; choosing a workspace makes it active", async () => {
  const fetch = setup({ ...SPACES, active_id: null }, { "POST /api/auth/organization/set-active": { body: { id: "ws-beta" } } });
  expect(await screen.findByRole("button", { name: "Space: Personal. Change space" })).toBeInTheDocument();
  const menu = await openMenu();
  expect(within(menu).queryByRole("menuitem", { name: "Workspace settings" })).toBeNull();
  fireEvent.click(within(menu).getByRole("menuitemradio", { name: "Beta" }));
  await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith("/dashboard"));
  expect(authCalls(fetch)).toEqual([["/api/auth/organization/set-active", { organizationId: "ws-beta" }]]);
});

test("a refused switch says the server's sentence and stays where it is", async () => {
  setup(SPACES, { "POST /api/auth/organization/set-active": { status: 403, body: { message: "You are not a member of this organization", code: "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION" } } });
  const menu = await openMenu();
  fireEvent.click(within(menu).getByRole("menuitemradio", { name: "Beta" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("You are not a member of this organization");
  expect(mockRouter.push).not.toHaveBeenCalled();
});

test("New workspace…: the name is checked, the workspace is created with a slug from it, made active, and the dashboard shown", async () => {
  const fetch = setup(SPACES, {
    "POST /api/auth/organization/create": { body: { id: "ws-new", name: "Acme Research", slug: "acme-research-abc123" } },
    "POST /api/auth/organization/set-active": { body: { id: "ws-new" } },
  });
  fireEvent.click(within(await openMenu()).getByRole("menuitem", { name: "New workspace…" }));
  const dialog = await screen.findByRole("dialog", { name: "New workspace" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Create workspace" }));
  expect(await within(dialog).findByRole("alert")).toHaveTextContent("Give the workspace a name.");
  expect(authCalls(fetch)).toEqual([]);

  fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Acme Research" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Create workspace" }));
  await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith("/dashboard"));
  const [create, setActive] = authCalls(fetch);
  expect(create[0]).toBe("/api/auth/organization/create");
  expect(create[1]).toEqual({ name: "Acme Research", slug: expect.stringMatching(/^acme-research-[a-z0-9]{6}$/) });
  expect(setActive).toEqual(["/api/auth/organization/set-active", { organizationId: "ws-new" }]);
  expect(screen.queryByRole("dialog")).toBeNull();
});

test("New workspace… on a plan without team workspaces: the plan's refusal with a link to the plans, and nothing is sent", async () => {
  const refusal = "Team workspaces are not included in your Free plan. Upgrade to Team or Enterprise to use them.";
  const fetch = setup({ ...SPACES, may_create: false, create_refusal: refusal });
  fireEvent.click(within(await openMenu()).getByRole("menuitem", { name: "New workspace…" }));
  const dialog = await screen.findByRole("dialog", { name: "New workspace" });
  expect(dialog).toHaveTextContent(refusal);
  expect(within(dialog).getByRole("link", { name: "See plans and billing" })).toHaveAttribute("href", "/account#plan");
  expect(within(dialog).queryByLabelText("Name")).toBeNull();
  expect(authCalls(fetch)).toEqual([]);
});

test("a creation the server refuses shows its sentence in the dialog", async () => {
  setup(SPACES, { "POST /api/auth/organization/create": { status: 403, body: { message: "You are not allowed to create a new organization", code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION" } } });
  fireEvent.click(within(await openMenu()).getByRole("menuitem", { name: "New workspace…" }));
  const dialog = await screen.findByRole("dialog", { name: "New workspace" });
  fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Acme" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Create workspace" }));
  expect(await within(dialog).findByRole("alert")).toHaveTextContent("You are not allowed to create a new organization");
  expect(mockRouter.push).not.toHaveBeenCalled();
});
