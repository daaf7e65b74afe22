/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import * as mockBetterAuth from "@/test/support/better-auth-client";
import { fakeFetch } from "@/test/support/fake-fetch";
import { InvitationActions } from "./invitation-actions";

jest.mock("better-auth/react", () => mockBetterAuth.react);
jest.mock("better-auth/client/plugins", () => mockBetterAuth.clientPlugins);
jest.mock("better-auth/plugins/access", () => mockBetterAuth.access);
jest.mock("better-auth/plugins/organization/access", () => mockBetterAuth.organizationAccess);
const mockRouter = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter }));
jest.mock("@/components/session/session-provider", () => ({ useSession: () => ({ clear: jest.fn() }) }));

const authCalls = (fetch: ReturnType<typeof fakeFetch>) => fetch.calls.map((c) => [c.path, c.body]);

beforeEach(() => jest.clearAllMocks());

test("Accept joins, makes the workspace the active space and opens the dashboard", async () => {
  const fetch = fakeFetch({
    "POST /api/auth/organization/accept-invitation": { body: { invitation: { id: "inv-1" }, member: { id: "m-1", organizationId: "ws-acme" } } },
    "POST /api/auth/organization/set-active": { body: { id: "ws-acme" } },
  });
  render(<InvitationActions invitationId="inv-1" workspaceName="Acme" />);
  fireEvent.click(screen.getByRole("button", { name: "Accept and join" }));
  await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith("/dashboard"));
  expect(authCalls(fetch)).toEqual([
    ["/api/auth/organization/accept-invitation", { invitationId: "inv-1" }],
    ["/api/auth/organization/set-active", { organizationId: "ws-acme" }],
  ]);
});

test("an acceptance the server refuses (no seat left) is said, and nothing else happens", async () => {
  const seats = "This workspace's Team plan has 3 seats and all are taken. Its owner can add seats on their Account page.";
  const fetch = fakeFetch({ "POST /api/auth/organization/accept-invitation": { status: 403, body: { message: seats, code: "WORKSPACE_REFUSED" } } });
  render(<InvitationActions invitationId="inv-1" workspaceName="Acme" />);
  fireEvent.click(screen.getByRole("button", { name: "Accept and join" }));
  expect(await screen.findByRole("alert")).toHaveTextContent(seats);
  expect(fetch.calls).toHaveLength(1);
  expect(mockRouter.push).not.toHaveBeenCalled();
});

test("Decline rejects the invitation and says so", async () => {
  const fetch = fakeFetch({ "POST /api/auth/organization/reject-invitation": { body: { invitation: { id: "inv-1" }, member: null } } });
  render(<InvitationActions invitationId="inv-1" workspaceName="Acme" />);
  fireEvent.click(screen.getByRole("button", { name: "Decline" }));
  expect(await screen.findByRole("status")).toHaveTextContent("You declined the invitation to Acme.");
  expect(screen.queryByRole("button", { name: "Accept and join" })).toBeNull();
  expect(authCalls(fetch)).toEqual([["/api/auth/organization/reject-invitation", { invitationId: "inv-1" }]]);
});
