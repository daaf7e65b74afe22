/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, screen, within } from "@testing-library/react";
import type { SubscriptionHistory } from "@/lib/api/contract/admin";
import { adminUser, renderFresh } from "@/test/support/admin-fixtures";
import { fakeFetch } from "@/test/support/fake-fetch";
import { UserHistoryDialog } from "./user-history-dialog";

const ADA = adminUser();
const PATH = "GET /api/admin/users/u-ada/subscription-history";

const HISTORY: SubscriptionHistory = {
  user: ADA,
  subscriptions: [
    {
      id: "s1",
      plan_id: "premium",
      plan_name: "Premium",
      status: "active",
      billing_interval: "annual",
      provider: "stripe",
      stripe_subscription_id: "sub_1",
      created_at: "2030-01-02T10:00:00.000Z",
      updated_at: "2030-01-02T10:00:00.000Z",
      current_period_end: "2031-01-02T10:00:00.000Z",
      trial_end: null,
      cancel_at_period_end: false,
      scheduled_plan_change: { plan_id: "pro", billing_interval: "annual", effective_at: "2031-01-02T10:00:00.000Z" },
    },
  ],
  billing_history: [
    {
      id: "e1",
      event_type: "subscription_created",
      plan_id: "premium",
      billing_interval: "annual",
      description: "Subscribed to Premium",
      stripe_subscription_id: "sub_1",
      created_at: "2030-01-02T10:00:00.000Z",
    },
  ],
};

describe("UserHistoryDialog", () => {
  it("shows the user summary, the subscriptions and the billing history", async () => {
    const { calls } = fakeFetch({ [PATH]: { body: HISTORY } });
    renderFresh(<UserHistoryDialog user={ADA} onClose={jest.fn()} />);
    const dialog = screen.getByRole("dialog", { name: "Subscription history: Ada Lovelace" });
    const subs = await within(dialog).findByRole("table", { name: "Subscriptions" });
    expect(within(subs).getByText("Premium")).toBeInTheDocument();
    expect(within(subs).getByText("Annual")).toBeInTheDocument();
    expect(within(subs).getByText("pro (annual) on Jan 2, 2031")).toBeInTheDocument();
    const events = within(dialog).getByRole("table", { name: "Billing history" });
    expect(within(events).getByText("subscription_created")).toBeInTheDocument();
    expect(within(events).getByText("Subscribed to Premium")).toBeInTheDocument();
    expect(within(dialog).getByRole("region", { name: "User summary" })).toHaveTextContent("ada@example.com");
    expect(calls.map((c) => c.path)).toEqual(["/api/admin/users/u-ada/subscription-history"]);
  });

  it("says so when there are no subscriptions or billing events", async () => {
    fakeFetch({ [PATH]: { body: { ...HISTORY, subscriptions: [], billing_history: [] } } });
    renderFresh(<UserHistoryDialog user={ADA} onClose={jest.fn()} />);
    expect(await screen.findByText("No subscriptions.")).toBeInTheDocument();
    expect(screen.getByText("No billing events.")).toBeInTheDocument();
  });

  it("a failure shows 'Failed to fetch user history: {status}'", async () => {
    fakeFetch({ [PATH]: { status: 500, body: { detail: "boom" } } });
    renderFresh(<UserHistoryDialog user={ADA} onClose={jest.fn()} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to fetch user history: 500$/);
  });

  it("Close calls onClose", async () => {
    fakeFetch({ [PATH]: { body: HISTORY } });
    const onClose = jest.fn();
    renderFresh(<UserHistoryDialog user={ADA} onClose={onClose} />);
    await screen.findByRole("table", { name: "Subscriptions" });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalled();
  });
});
