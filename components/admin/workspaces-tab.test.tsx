/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AdminWorkspace } from "@/lib/api/contract/admin-workspaces";
import { renderFresh } from "@/test/support/admin-fixtures";
import { fakeFetch } from "@/test/support/fake-fetch";
import { WorkspacesTab } from "./workspaces-tab";

const NEWSROOM: AdminWorkspace = {
  id: "w1",
  name: "Newsroom",
  owner_email: "ada@example.com",
  members: 3,
  pending_invitations: 1,
  transcriptions: 1234,
  hours_this_month: 12.5,
  created_at: "2030-01-02T10:00:00.000Z",
};

describe("WorkspacesTab", () => {
  it("lists workspaces read-only, with their owner, sizes and this month's hours", async () => {
    const { calls } = fakeFetch({ "GET /api/admin/workspaces": { body: { workspaces: [NEWSROOM, { ...NEWSROOM, id: "w2", name: "Orphan", owner_email: null }], total: 2, page: 1, page_size: 25 } } });
    renderFresh(<WorkspacesTab />);
    const row = await screen.findByTestId("admin-workspace-row-w1");
    expect([...row.querySelectorAll("td")].map((td) => td.textContent)).toEqual(["Newsroom", "ada@example.com", "3", "1", "1,234", "12.5", "Jan 2, 2030"]);
    expect(within(screen.getByTestId("admin-workspace-row-w2")).getByText("—")).toBeInTheDocument();
    expect(within(screen.getByRole("table", { name: "Workspaces" })).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByText("Showing 1–2 of 2")).toBeInTheDocument();
    expect(Object.fromEntries(calls[0].query)).toEqual({ page: "1", page_size: "25" });
  });

  it("searches by name or owner email on the server, and says when nothing matches", async () => {
    const { calls } = fakeFetch({
      "GET /api/admin/workspaces": (call) => ({ body: { workspaces: call.query.get("q") ? [] : [NEWSROOM], total: call.query.get("q") ? 0 : 1, page: 1, page_size: 25 } }),
    });
    renderFresh(<WorkspacesTab />);
    await screen.findByTestId("admin-workspace-row-w1");
    fireEvent.change(screen.getByRole("searchbox", { name: "Search workspaces" }), { target: { value: " nobody@example.com " } });
    expect(await screen.findByText("No workspaces match this search.")).toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)?.query.get("q")).toBe("nobody@example.com"));
  });

  it("pages through the server's pages", async () => {
    const { calls } = fakeFetch({
      "GET /api/admin/workspaces": (call) => {
        const page = Number(call.query.get("page"));
        return { body: { workspaces: [{ ...NEWSROOM, id: `w-page-${page}`, name: `Page ${page}` }], total: 30, page, page_size: 25 } };
      },
    });
    renderFresh(<WorkspacesTab />);
    await screen.findByTestId("admin-workspace-row-w-page-1");
    fireEvent.click(screen.getByRole("button", { name: /next/i }));
    await screen.findByTestId("admin-workspace-row-w-page-2");
    expect(calls.at(-1)?.query.get("page")).toBe("2");
  });
});
