/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ApiWebhook, ApiWebhookDelivery } from "@/lib/api/contract/webhooks";
import { renderFresh } from "@/test/support/admin-fixtures";
import { fakeFetch } from "@/test/support/fake-fetch";
import { WebhooksPanel } from "./webhooks-panel";

const SECRET = `whsec_${"a".repeat(43)}`;
const webhook = (id: string, url: string, events: ApiWebhook["events"] = ["transcription.done", "transcription.failed"]): ApiWebhook => ({
  id,
  url,
  events,
  secret: SECRET,
  workspace_id: null,
  created_at: "2026-11-20T10:00:00Z",
  state: "active",
  consecutive_failures: 0,
  paused_until: null,
  disabled_at: null,
});
const delivery = (overrides: Partial<ApiWebhookDelivery> = {}): ApiWebhookDelivery => ({
  id: "d-1",
  webhook_id: "w-1",
  event: "transcription.failed",
  transcription_id: "t-1",
  transcription_title: "Board meeting",
  status: "failed",
  attempts: 6,
  response_status: 503,
  error: "The endpoint answered with status 503.",
  attempt_log: [{ at: "2026-11-21T10:45:00Z", outcome: "status", status: 503, message: "The endpoint answered with status 503." }],
  delivered_at: null,
  created_at: "2026-11-21T10:00:00Z",
  updated_at: "2026-11-21T10:45:00Z",
  ...overrides,
});

describe("the Developers page's webhooks", () => {
  it("adds a webhook for the chosen events, and shows the server's sentence when it refuses one", async () => {
    let listed: ApiWebhook[] = [];
    const { calls } = fakeFetch({
      "GET /api/webhook-endpoints": () => ({ body: { webhooks: listed } }),
      "POST /api/webhook-endpoints": (call) => {
        const { url, events } = call.body as { url: string; events: ApiWebhook["events"] };
        if (url.includes("10.0.0.1")) return { status: 422, body: { detail: "Webhooks cannot call 10.0.0.1: it is a private address. Use an address reachable from the internet." } };
        const created = webhook("w-1", url, events);
        listed = [created];
        return { status: 201, body: created };
      },
    });
    renderFresh(<WebhooksPanel />);
    const panel = await screen.findByRole("region", { name: "Webhooks" });
    expect(await within(panel).findByText("No webhooks yet.")).toBeInTheDocument();

    fireEvent.change(within(panel).getByLabelText("URL"), { target: { value: "http://10.0.0.1/hook" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Add webhook" }));
    expect(await within(panel).findByRole("alert")).toHaveTextContent("Webhooks cannot call 10.0.0.1: it is a private address.");

    fireEvent.change(within(panel).getByLabelText("URL"), { target: { value: "https://hooks.example.com/v" } });
    fireEvent.click(within(panel).getByLabelText("Transcription failed"));
    fireEvent.click(within(panel).getByRole("button", { name: "Add webhook" }));
    const item = await within(panel).findByTestId("webhook");
    expect(item).toHaveTextContent("https://hooks.example.com/v");
    expect(item).toHaveTextContent("Transcription done");
    expect(item).not.toHaveTextContent("Transcription failed");
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { url: "http://10.0.0.1/hook", events: ["transcription.done", "transcription.failed"] },
      { url: "https://hooks.example.com/v", events: ["transcription.done"] },
    ]);
    // No event chosen: nothing to add.
    fireEvent.click(within(panel).getByLabelText("Transcription done"));
    expect(within(panel).getByRole("button", { name: "Add webhook" })).toBeDisabled();
  });

  it("hides the secret until revealed, and shows the delivery log with a Resend for what is not being sent", async () => {
    let log = [delivery(), delivery({ id: "d-2", status: "pending", attempts: 1, response_status: null, error: "The endpoint refused the connection." })];
    const { calls } = fakeFetch({
      "GET /api/webhook-endpoints": { body: { webhooks: [webhook("w-1", "https://hooks.example.com/v")] } },
      "GET /api/webhook-endpoints/w-1/deliveries": () => ({ body: { deliveries: log } }),
      "POST /api/webhook-deliveries/d-1/resend": () => {
        log = log.map((d) => (d.id === "d-1" ? { ...d, status: "pending" as const, error: null } : d));
        return { status: 202, body: log[0] };
      },
    });
    renderFresh(<WebhooksPanel />);
    const item = await screen.findByTestId("webhook");
    const secret = within(item).getByTestId("webhook-secret");
    expect(secret).not.toHaveTextContent(SECRET);
    fireEvent.click(within(item).getByRole("button", { name: "Reveal" }));
    expect(secret).toHaveTextContent(SECRET);

    fireEvent.click(within(item).getByRole("button", { name: "Deliveries" }));
    const rows = await within(item).findAllByTestId("webhook-delivery");
    expect(rows[0]).toHaveTextContent("transcription.failed");
    expect(rows[0]).toHaveTextContent("Failed");
    expect(rows[0]).toHaveTextContent("503");
    expect(rows[0]).toHaveTextContent("The endpoint answered with status 503.");
    expect(rows[1]).toHaveTextContent("Sending");
    expect(within(rows[1]).getByRole("button", { name: /^Resend/ })).toBeDisabled();
    fireEvent.click(within(rows[0]).getByRole("button", { name: /^Resend/ }));
    await waitFor(() => expect(within(item).getAllByTestId("webhook-delivery")[0]).toHaveTextContent("Sending"));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/webhook-deliveries/d-1/resend"]);
  });

  it("sends a test delivery: the log opens with it at the top; a refusal shows the server's sentence", async () => {
    let log = [delivery()];
    let refuse = false;
    fakeFetch({
      "GET /api/webhook-endpoints": { body: { webhooks: [webhook("w-1", "https://hooks.example.com/v")] } },
      "GET /api/webhook-endpoints/w-1/deliveries": () => ({ body: { deliveries: log } }),
      "POST /api/webhook-endpoints/w-1/ping": () => {
        if (refuse) return { status: 409, body: { detail: "A test of this webhook is still being sent. Its result will show in the delivery log." } };
        const ping = delivery({ id: "d-ping", event: "webhook.ping", transcription_id: null, transcription_title: null, status: "pending", attempts: 0, response_status: null, error: null, attempt_log: [] });
        log = [ping, ...log];
        return { status: 202, body: ping };
      },
    });
    renderFresh(<WebhooksPanel />);
    const item = await screen.findByTestId("webhook");
    fireEvent.click(within(item).getByRole("button", { name: "Send a test delivery to https://hooks.example.com/v" }));
    await waitFor(() => expect(within(item).getAllByTestId("webhook-delivery")[0]).toHaveTextContent("webhook.ping"));
    expect(within(item).getAllByTestId("webhook-delivery")[0]).toHaveTextContent("Sending");
    expect(within(item).getAllByTestId("webhook-delivery")).toHaveLength(2);

    refuse = true;
    fireEvent.click(within(item).getByRole("button", { name: "Send a test delivery to https://hooks.example.com/v" }));
    expect(await within(item).findByRole("alert")).toHaveTextContent("A test of this webhook is still being sent. Its result will show in the delivery log.");
  });

  it("shows each endpoint's state and each delivery's attempts, and enables a disabled endpoint again", async () => {
    const failing: ApiWebhook = { ...webhook("w-1", "https://hooks.example.com/slow"), state: "backing_off", consecutive_failures: 3, paused_until: "2026-11-21T11:00:00Z" };
    let down: ApiWebhook = { ...webhook("w-2", "https://hooks.example.com/down"), state: "disabled", consecutive_failures: 10, disabled_at: "2026-11-21T12:00:00Z" };
    const history = delivery({
      status: "pending",
      attempts: 2,
      attempt_log: [
        { at: "2026-11-21T10:00:00Z", outcome: "timeout", status: null, message: "The endpoint did not answer within 5 seconds." },
        { at: "2026-11-21T10:00:10Z", outcome: "status", status: 503, message: "The endpoint answered with status 503." },
        { at: "2026-11-21T10:00:12Z", outcome: "paused", status: null, message: "Held back: the endpoint is backing off after 2 failed attempts in a row until 2026-11-21T10:00:40.000Z." },
      ],
    });
    const { calls } = fakeFetch({
      "GET /api/webhook-endpoints": () => ({ body: { webhooks: [failing, down] } }),
      "GET /api/webhook-endpoints/w-1/deliveries": { body: { deliveries: [history] } },
      "POST /api/webhook-endpoints/w-2/enable": () => {
        down = { ...down, state: "active", consecutive_failures: 0, disabled_at: null };
        return { body: down };
      },
    });
    renderFresh(<WebhooksPanel />);
    const [slow, disabled] = await screen.findAllByTestId("webhook");
    expect(within(slow).getByTestId("webhook-state")).toHaveTextContent(/^Backing off until .+ after 3 failed attempts in a row; its deliveries wait until then\. It is disabled after 10 in a row\.$/);
    expect(within(slow).queryByRole("button", { name: /^Enable/ })).toBeNull();
    expect(within(disabled).getByTestId("webhook-state")).toHaveTextContent(/^Disabled on .+ after 10 failed attempts in a row: events are logged but not sent until you enable it again\.$/);

    fireEvent.click(within(slow).getByRole("button", { name: "Deliveries" }));
    fireEvent.click(await within(slow).findByLabelText("2 attempts: show the history"));
    const attempts = within(slow).getAllByTestId("webhook-attempt");
    expect(attempts.map((a) => a.textContent?.replace(/^.*?(?=The|Held)/, ""))).toEqual([
      "The endpoint did not answer within 5 seconds.",
      "The endpoint answered with status 503.",
      "Held back: the endpoint is backing off after 2 failed attempts in a row until 2026-11-21T10:00:40.000Z.",
    ]);

    fireEvent.click(within(disabled).getByRole("button", { name: "Enable the webhook https://hooks.example.com/down again" }));
    await waitFor(() => expect(within(disabled).getByTestId("webhook-state")).toHaveTextContent("Active."));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/webhook-endpoints/w-2/enable"]);
  });

  it("deletes a webhook after asking", async () => {
    let listed = [webhook("w-1", "https://hooks.example.com/v")];
    fakeFetch({
      "GET /api/webhook-endpoints": () => ({ body: { webhooks: listed } }),
      "DELETE /api/webhook-endpoints/w-1": () => {
        listed = [];
        return { status: 204, raw: "" };
      },
    });
    renderFresh(<WebhooksPanel />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete the webhook https://hooks.example.com/v" }));
    fireEvent.click(within(screen.getByRole("dialog", { name: "Delete this webhook?" })).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No webhooks yet.")).toBeInTheDocument();
  });

  it("shows a workspace member the server's refusal instead of the list", async () => {
    fakeFetch({ "GET /api/webhook-endpoints": { status: 403, body: { detail: "Only the workspace's owner and admins can do this." } } });
    renderFresh(<WebhooksPanel workspaceName="Team" />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Only the workspace's owner and admins can do this.");
    expect(screen.getByRole("region", { name: "Webhooks" })).toHaveTextContent("of the workspace “Team”");
    expect(screen.queryByRole("button", { name: "Add webhook" })).toBeNull();
  });
});
