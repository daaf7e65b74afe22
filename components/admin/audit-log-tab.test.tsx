/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, screen, within } from "@testing-library/react";
import type { AuditLogEntry } from "@/lib/api/contract/admin";
import { AuditLogTab } from "./audit-log-tab";
import { auditChanges } from "@/lib/admin/audit-diff";
import { renderFresh } from "@/test/support/admin-fixtures";
import { fakeFetch } from "@/test/support/fake-fetch";

const ENTRY: AuditLogEntry = {
  id: "a1",
  actor_id: "u-op",
  actor_email: "op@example.com",
  action: "plan.update",
  target_type: "plan",
  target_id: "pro",
  summary: "Updated plan Pro",
  before: { price_monthly: 15, features: ["a"], name: "Pro" },
  after: { price_monthly: 19.99, features: ["a", "b"], name: "Pro" },
  created_at: "2030-01-02T10:00:00.000Z",
};

describe("auditChanges", () => {
  it("keeps only the keys that differ, as compact JSON", () => {
    expect(auditChanges(ENTRY.before, ENTRY.after)).toEqual([
      { key: "price_monthly", before: "15", after: "19.99" },
      { key: "features", before: '["a"]', after: '["a","b"]' },
    ]);
    expect(auditChanges(null, { is_active: false })).toEqual([{ key: "is_active", before: null, after: "false" }]);
  });
});

describe("AuditLogTab", () => {
  it("lists entries with an expandable list of changes", async () => {
    const { calls } = fakeFetch({ "GET /api/admin/audit-log": { body: { entries: [ENTRY], total: 1, page: 1, page_size: 25 } } });
    renderFresh(<AuditLogTab />);
    const row = await screen.findByTestId("admin-audit-row-a1");
    for (const text of ["op@example.com", "plan.update", "Updated plan Pro"]) expect(within(row).getByText(text)).toBeInTheDocument();
    const summary = within(row).getByText("Changes (2)");
    fireEvent.click(summary);
    expect(within(row).getByText((_, el) => el?.tagName === "LI" && el.textContent === "price_monthly: 15 → 19.99")).toBeInTheDocument();
    expect(screen.getByText("Showing 1–1 of 1")).toBeInTheDocument();
    expect(Object.fromEntries(calls[0].query)).toEqual({ page: "1", page_size: "25" });
  });
});
