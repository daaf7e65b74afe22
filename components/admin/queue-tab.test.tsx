/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AdminJob, AdminJobPage } from "@/lib/api/contract/admin";
import { renderWithNotices } from "@/test/support/admin-fixtures";
import { fakeFetch, type FakeCall, type FakeRoute } from "@/test/support/fake-fetch";
import { QueueTab } from "./queue-tab";

const none = { queued: 0, running: 0, stuck: 0, done: 0, failed: 0, canceled: 0 };
const COUNTS: AdminJobPage["counts"] = { transcribe: { ...none, running: 1, stuck: 1 }, format: none, mail: { ...none, failed: 1, done: 7 }, live: none, webhook: none };

function job(overrides: Partial<AdminJob> = {}): AdminJob {
  return {
    id: "job-1",
    kind: "mail",
    status: "failed",
    stuck: false,
    user: null,
    file: null,
    attempts: 8,
    max_attempts: 8,
    worker: null,
    last_error: "The mail server refused the message: 550 mailbox unavailable.",
    created_at: "2030-01-02T10:00:00.000Z",
    started_at: "2030-01-02T10:00:01.000Z",
    finished_at: "2030-01-02T10:30:00.000Z",
    can_retry: true,
    can_cancel: false,
    ...overrides,
  };
}

const RUNNING = job({
  id: "job-2",
  kind: "transcribe",
  status: "running",
  stuck: true,
  user: { id: "u-ada", email: "ada@example.com" },
  file: { id: "t-1", title: "Board meeting" },
  attempts: 1,
  max_attempts: 3,
  worker: "host-a:123:abc",
  last_error: null,
  finished_at: null,
  can_retry: false,
  can_cancel: true,
});

const page = (jobs: AdminJob[], total = jobs.length) => ({ jobs, total, page: 1, page_size: 25, counts: COUNTS });

function setup(list: FakeRoute, extra: Record<string, FakeRoute> = {}) {
  const fetcher = fakeFetch({ "GET /api/admin/jobs": list, ...extra });
  renderWithNotices(<QueueTab />);
  return fetcher;
}

const listCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === "GET" && c.path === "/api/admin/jobs");

describe("QueueTab", () => {
  it("shows the counts by kind and state, and each job's fields with the actions it allows", async () => {
    setup({ body: page([job(), RUNNING]) });
    const failed = await screen.findByTestId("admin-job-row-job-1");
    for (const text of ["job-1", "Mail", "Failed", "8 of 8", "The mail server refused the message: 550 mailbox unavailable.", "Jan 2, 2030, 10:30 AM"]) {
      expect(within(failed).getByText(text)).toBeInTheDocument();
    }
    expect(within(failed).getByRole("button", { name: "Retry" })).toBeEnabled();
    expect(within(failed).queryByRole("button", { name: "Cancel" })).toBeNull();

    const running = screen.getByTestId("admin-job-row-job-2");
    for (const text of ["Transcription", "Running (stuck)", "ada@example.com", "Board meeting", "1 of 3", "host-a:123:abc"]) {
      expect(within(running).getByText(text)).toBeInTheDocument();
    }
    expect(within(running).getByRole("button", { name: "Cancel" })).toBeEnabled();
    expect(within(running).queryByRole("button", { name: "Retry" })).toBeNull();

    const counts = screen.getByRole("table", { name: "Jobs by kind and state" });
    expect(within(counts).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Kind", "Queued", "Running", "Stuck", "Done", "Failed", "Canceled"]);
    expect(within(screen.getByTestId("admin-job-counts-mail")).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Mail", "0", "0", "0", "7", "1", "0"]);
    expect(screen.getByText("Showing 1–2 of 2")).toBeInTheDocument();
  });

  it("filters by kind and state", async () => {
    const { calls } = setup({ body: page([job()]) });
    await screen.findByTestId("admin-job-row-job-1");
    fireEvent.change(screen.getByLabelText("Kind"), { target: { value: "mail" } });
    fireEvent.change(screen.getByLabelText("State"), { target: { value: "stuck" } });
    await screen.findByTestId("admin-job-row-job-1");
    expect(Object.fromEntries(listCalls(calls).at(-1)!.query)).toEqual({ kind: "mail", state: "stuck", page: "1", page_size: "25" });
  });

  it("reads the queue again every 2 seconds, so a running job is seen ending", async () => {
    let reads = 0;
    setup(() => ({ body: page([reads++ === 0 ? RUNNING : { ...RUNNING, status: "done", stuck: false, worker: null, can_cancel: false }]) }));
    const status = () => within(screen.getByTestId("admin-job-row-job-2")).getByTestId("admin-job-status");
    expect(await screen.findByText("Running (stuck)")).toBeInTheDocument();
    await waitFor(() => expect(status()).toHaveTextContent("Done"), { timeout: 4000 });
    expect(within(screen.getByTestId("admin-job-row-job-2")).queryByRole("button", { name: "Cancel" })).toBeNull();
  });

  it("retries a failed job once confirmed, and the row shows it queued again", async () => {
    let current = job();
    const { calls } = setup(() => ({ body: page([current]) }), {
      "POST /api/admin/jobs/job-1/retry": () => {
        current = job({ status: "queued", attempts: 0, finished_at: null, can_retry: false, can_cancel: true });
        return { body: { job: current } };
      },
    });
    fireEvent.click(within(await screen.findByTestId("admin-job-row-job-1")).getByRole("button", { name: "Retry" }));
    const dialog = screen.getByRole("dialog", { name: "Retry this mail job?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("status")).toHaveTextContent("The job is queued again.");
    const row = screen.getByTestId("admin-job-row-job-1");
    expect(within(row).getByTestId("admin-job-status")).toHaveTextContent("Queued");
    expect(within(row).getByText("0 of 8")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/admin/jobs/job-1/retry"]);
  });

  it("cancels a running job once confirmed; a refusal is said in the banner", async () => {
    const { calls } = setup(
      { body: page([RUNNING]) },
      { "POST /api/admin/jobs/job-2/cancel": { status: 409, body: { detail: "This job has already ended (done), so there is nothing to cancel." } } },
    );
    fireEvent.click(within(await screen.findByTestId("admin-job-row-job-2")).getByRole("button", { name: "Cancel" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel this transcription job?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep it" }));
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(within(screen.getByTestId("admin-job-row-job-2")).getByRole("button", { name: "Cancel" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel job" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to cancel the job: 409 - This job has already ended (done), so there is nothing to cancel.");
  });

  it("says when there are no jobs, the counts still shown", async () => {
    setup({ body: page([]) });
    expect(await screen.findByText("No jobs.")).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Jobs by kind and state" })).toBeInTheDocument();
  });
});
