/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import type { WorkspaceList } from "@/lib/api/contract/workspaces";
import * as mockBetterAuth from "@/test/support/better-auth-client";
import { fakeFetch } from "@/test/support/fake-fetch";
import { CreateWorkspacePrompt } from "./create-workspace-prompt";

jest.mock("better-auth/react", () => mockBetterAuth.react);
jest.mock("better-auth/client/plugins", () => mockBetterAuth.clientPlugins);
jest.mock("better-auth/plugins/access", () => mockBetterAuth.access);
jest.mock("better-auth/plugins/organization/access", () => mockBetterAuth.organizationAccess);
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));

const NONE: WorkspaceList = { workspaces: [], active_id: null, may_create: true, create_refusal: null };

function show(list: WorkspaceList) {
  fakeFetch({ "GET /api/workspaces": { body: list } });
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <CreateWorkspacePrompt />
    </SWRConfig>,
  );
}

test("a Team owner without a workspace is led to create one, in plain sight", async () => {
  show(NONE);
  expect(await screen.findByRole("heading", { name: "Set up your team's workspace" })).toBeInTheDocument();
  fireEvent.click(screen.getByRole("button", { name: "Create workspace" }));
  expect(screen.getByRole("dialog", { name: "New workspace" })).toBeInTheDocument();
});

test("nothing once a workspace exists, or when the plan has none", async () => {
  const { unmount } = show({ ...NONE, workspaces: [{ id: "ws-acme", name: "Acme", role: "owner" }] });
  await waitFor(() => expect(screen.queryByRole("heading", { name: "Set up your team's workspace" })).toBeNull());
  unmount();
  show({ ...NONE, may_create: false, create_refusal: "Team workspaces come with the Team plan." });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByRole("heading", { name: "Set up your team's workspace" })).toBeNull();
});
