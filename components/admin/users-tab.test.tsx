/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, fireEvent, screen, within } from "@testing-library/react";
import type { AdminUser } from "@/lib/api/contract/admin";
import { OPERATOR, adminPlan, adminUser, renderWithNotices, userPage } from "@/test/support/admin-fixtures";
import { fakeFetch, type FakeCall } from "@/test/support/fake-fetch";
import { UsersTab } from "./users-tab";

const ADA = adminUser();
const SELF = adminUser({ id: OPERATOR.id, email: OPERATOR.email, name: "Operator", is_operator: true, plan_id: "free", plan_name: "Free", subscription_status: null, billing_interval: null });

function setup(list: (call: FakeCall) => { status?: number; body?: unknown }, extra = {}) {
  const plans = [adminPlan({ id: "free", name: "Free" }), adminPlan(), adminPlan({ id: "premium", name: "Premium" })];
  const fetcher = fakeFetch({ "GET /api/admin/users": list, "GET /api/admin/plans": { body: { plans } }, ...extra });
  renderWithNotices(<UsersTab operator={OPERATOR} />);
  return fetcher;
}

const listCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === "GET" && c.path === "/api/admin/users");
const lastQuery = (calls: FakeCall[]) => Object.fromEntries(listCalls(calls).at(-1)!.query);

afterEach(() => jest.useRealTimers());

describe("UsersTab", () => {
  it("lists users with plan, status, interval, flags and dates, and the total", async () => {
    const trial = adminUser({ id: "u-t", email: "t@example.com", name: "Tess", subscription_status: "trialing", trial_end: new Date(Date.now() + 3 * 86_400_000 - 60_000).toISOString(), is_verified: false, is_active: false });
    const { calls } = setup(() => ({ body: userPage([ADA, trial], 2) }));
    const row = await screen.findByTestId("admin-user-row-ada@example.com");
    for (const text of ["Ada Lovelace", "ada@example.com", "Pro", "Active", "Monthly", "Jan 2, 2030"]) expect(within(row).getByText(text)).toBeInTheDocument();
    const trialRow = screen.getByTestId("admin-user-row-t@example.com");
    expect(within(trialRow).getByText("Trial (3d left)")).toBeInTheDocument();
    expect(within(trialRow).getAllByText("No")).toHaveLength(2);
    expect(within(trialRow).getByRole("button", { name: "Activate" })).toBeEnabled();
    expect(within(row).getByRole("button", { name: "Deactivate" })).toBeEnabled();
    expect(screen.getByTestId("admin-users-total")).toHaveTextContent("2 users");
    expect(screen.getByText("Showing 1–2 of 2")).toBeInTheDocument();
    expect(lastQuery(calls)).toEqual({ page: "1", page_size: "25" });
  });

  it("the operator's own row cannot be deactivated or deleted", async () => {
    setup(() => ({ body: userPage([SELF, ADA]) }));
    const row = await screen.findByTestId("admin-user-row-op@example.com");
    for (const name of ["Deactivate", "Delete"]) {
      const button = within(row).getByRole("button", { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute("title", "You cannot deactivate or delete your own account.");
    }
    expect(within(row).getByRole("button", { name: "History" })).toBeEnabled();
    expect(within(row).getByText("None")).toBeInTheDocument();
  });

  it("filters go into the query and start again at page 1", async () => {
    const { calls } = setup((call) => ({ body: userPage([ADA], 60, Number(call.query.get("page"))) }));
    await screen.findByText("Showing 1–1 of 60");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 26–26 of 60")).toBeInTheDocument();
    expect(lastQuery(calls)).toMatchObject({ page: "2" });
    fireEvent.change(screen.getByLabelText("Plan"), { target: { value: "premium" } });
    fireEvent.change(screen.getByLabelText("Subscription"), { target: { value: "past_due" } });
    fireEvent.change(screen.getByLabelText("Account"), { target: { value: "false" } });
    fireEvent.change(screen.getByLabelText("Verified"), { target: { value: "true" } });
    await screen.findByText("Showing 1–1 of 60");
    expect(lastQuery(calls)).toEqual({ plan: "premium", status: "past_due", active: "false", verified: "true", page: "1", page_size: "25" });
  });

  it("the search waits for a pause in typing before asking", async () => {
    jest.useFakeTimers();
    const { calls } = setup(() => ({ body: userPage([ADA]) }));
    await act(async () => {});
    const before = listCalls(calls).length;
    const box = screen.getByLabelText("Search users");
    fireEvent.change(box, { target: { value: "ad" } });
    fireEvent.change(box, { target: { value: "ada " } });
    await act(async () => jest.advanceTimersByTime(299));
    expect(listCalls(calls)).toHaveLength(before);
    await act(async () => jest.advanceTimersByTime(1));
    expect(listCalls(calls)).toHaveLength(before + 1);
    expect(lastQuery(calls)).toMatchObject({ q: "ada" });
  });

  it("shows 'No users match these filters.' for an empty page", async () => {
    setup(() => ({ body: userPage([]) }));
    expect(await screen.findByText("No users match these filters.")).toBeInTheDocument();
    expect(screen.getByText("Showing 0 of 0")).toBeInTheDocument();
  });

  it("a failed load says so", async () => {
    setup(() => ({ status: 500, body: { detail: "boom" } }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to load users: 500$/);
  });

  it("Deactivate asks first, then sends the inverse of is_active and refreshes the row from the answer", async () => {
    const { calls } = setup(() => ({ body: userPage([ADA]) }), {
      "PATCH /api/admin/users/u-ada": (call: FakeCall) => ({ body: { user: { ...ADA, ...(call.body as Partial<AdminUser>) } } }),
    });
    const row = await screen.findByTestId("admin-user-row-ada@example.com");
    fireEvent.click(within(row).getByRole("button", { name: "Deactivate" }));
    // Nothing is sent until the operator confirms in the dialog.
    const dialog = screen.getByRole("dialog", { name: "Deactivate Ada Lovelace?" });
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(await within(row).findByRole("button", { name: "Activate" })).toBeEnabled();
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([expect.objectContaining({ path: "/api/admin/users/u-ada", body: { is_active: false } })]);
    expect(screen.getByRole("status")).toHaveTextContent("User Ada Lovelace (ada@example.com) has been deactivated.");
  });

  it("a failed toggle shows the server's detail in the banner, which can be dismissed", async () => {
    setup(() => ({ body: userPage([ADA]) }), { "PATCH /api/admin/users/u-ada": { status: 403, body: { detail: "Operators cannot be deactivated." } } });
    const row = await screen.findByTestId("admin-user-row-ada@example.com");
    fireEvent.click(within(row).getByRole("button", { name: "Deactivate" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Deactivate" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to update user: 403 - Operators cannot be deactivated\.$/);
    expect(within(row).getByRole("button", { name: "Deactivate" })).toBeEnabled();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss message" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("History opens the subscription history dialog; its failure shows the spec's text", async () => {
    setup(() => ({ body: userPage([ADA]) }), { "GET /api/admin/users/u-ada/subscription-history": { status: 500, body: {} } });
    const row = await screen.findByTestId("admin-user-row-ada@example.com");
    fireEvent.click(within(row).getByRole("button", { name: "History" }));
    const dialog = screen.getByRole("dialog", { name: "Subscription history: Ada Lovelace" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Failed to fetch user history: 500");
  });
});
