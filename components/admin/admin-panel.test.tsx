/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, screen } from "@testing-library/react";
import { AdminPanel } from "./admin-panel";
import { OPERATOR, adminSetting, renderFresh, userPage } from "@/test/support/admin-fixtures";
import { fakeFetch } from "@/test/support/fake-fetch";

beforeEach(() => {
  window.history.replaceState(null, "", "/admin");
  fakeFetch({
    "GET /api/admin/users": { body: userPage([]) },
    "GET /api/admin/plans": { body: { plans: [] } },
    "GET /api/admin/language-tiers": { body: { tiers: [] } },
    "GET /api/admin/settings": { body: { settings: [adminSetting()] } },
    "GET /api/admin/audit-log": { body: { entries: [], total: 0, page: 1, page_size: 25 } },
    "GET /api/admin/workspaces": { body: { workspaces: [], total: 0, page: 1, page_size: 25 } },
  });
});

// Radix tabs switch on mouse down (so a press feels immediate), not on click.
const choose = (name: string) => fireEvent.mouseDown(screen.getByRole("tab", { name }), { button: 0 });

describe("AdminPanel", () => {
  it("has the seven tabs and opens the one named in ?tab=", async () => {
    renderFresh(<AdminPanel operator={OPERATOR} initialTab="settings" />);
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Users", "Workspaces", "Plans", "Language Tiers", "Settings", "Queue", "Audit log"]);
    expect(screen.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByTestId("admin-setting-row-max_upload_mb")).toBeInTheDocument();
  });

  it("an unknown ?tab= opens Users", async () => {
    renderFresh(<AdminPanel operator={OPERATOR} initialTab="nope" />);
    expect(screen.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByText("No users match these filters.")).toBeInTheDocument();
  });

  it("choosing a tab writes it into the address, so a reload keeps it", async () => {
    renderFresh(<AdminPanel operator={OPERATOR} />);
    choose("Language Tiers");
    expect(screen.getByRole("tab", { name: "Language Tiers" })).toHaveAttribute("aria-selected", "true");
    expect(window.location.search).toBe("?tab=language-tiers");
    expect(await screen.findByText("No language tiers.")).toBeInTheDocument();
    choose("Audit log");
    expect(window.location.search).toBe("?tab=audit-log");
    expect(await screen.findByText("No audit log entries yet.")).toBeInTheDocument();
    choose("Workspaces");
    expect(window.location.search).toBe("?tab=workspaces");
    expect(await screen.findByText("No workspaces yet.")).toBeInTheDocument();
  });
});
