/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import type { ApiTranscription, TranscriptionOptions } from "@/lib/api/contract/transcription";
import type { UploadResult } from "@/lib/uploads/client/upload-types";
import { startUpload } from "@/lib/uploads/client/upload";
import { apiTranscription } from "@/test/support/api-fixtures";
import { FakeEventSource, installFakeEventSource } from "@/test/support/fake-event-source";
import { fakeFetch } from "@/test/support/fake-fetch";
import { Dashboard } from "@/components/dashboard/dashboard";

jest.mock("@/lib/analytics/track", () => ({ track: jest.fn() }));
// The network part of an upload (tus or the bucket) has its own tests; here the server's answer is given.
jest.mock("@/lib/uploads/client/upload", () => ({ startUpload: jest.fn(), unfinishedUpload: jest.fn(async () => null), discardUpload: jest.fn() }));

const RENDERED_AT = "2026-11-20T10:05:00.000Z";

const CALL = apiTranscription({
  status: "processing",
  progress: 10,
  pieces_done: 0,
  language: null,
  detected_language: "yue",
  engine: "whisper",
  duration_s: 600,
  completed_at: null,
  version: 0,
});

function options(usedS: number): TranscriptionOptions {
  return {
    engine: "whisper",
    engine_label: "Whisper",
    engine_note: null,
    engine_preparing: null,
    engine_problem: null,
    auto_detect: true,
    languages: [{ code: "en", name: "English" }],
    languages_note: null,
    plan_id: "free",
    plan_name: "Free",
    can_upgrade: false,
    usage: { used_s: usedS, limit_s: 3 * 3600, remaining_s: 3 * 3600 - usedS, period_end: "2026-12-01T00:00:00Z", note: null },
    max_upload_mb: 2048,
    upload_route: "server",
    record_tab_mic: false,
    live_transcription: false,
  };
}

/** The server's usage now: what GET /api/transcription/options answers. */
let usedOnServer = 0;
let optionsCalls = () => 0;

function renderDashboard(initial: ApiTranscription[] = [CALL]) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <Dashboard initial={initial} options={options(600)} renderedAt={RENDERED_AT} userId="u-1" />
    </SWRConfig>,
  );
  return FakeEventSource.opened[0];
}

const meter = () => screen.getByTestId("usage");
/** Lets a read the dashboard may have started reach fetch. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

beforeEach(() => {
  installFakeEventSource();
  Element.prototype.scrollIntoView = jest.fn();
  usedOnServer = 600;
  const { calls } = fakeFetch({ "GET /api/transcription/options": () => ({ body: options(usedOnServer) }) });
  optionsCalls = () => calls.filter((c) => c.path === "/api/transcription/options").length;
  jest.mocked(startUpload).mockReset();
});

describe("the usage meter follows the server", () => {
  it("is read again when a transcription fails (its reserved time is given back), not when nothing changed", async () => {
    const stream = renderDashboard();
    expect(meter()).toHaveTextContent("Free plan: 10 min used of 3 h");
    stream.deliver({ ...CALL, progress: 20 });
    await settle();
    expect(optionsCalls()).toBe(0);

    usedOnServer = 0;
    stream.deliver({ ...CALL, status: "failed", error: "The audio could not be read." });
    await waitFor(() => expect(meter()).toHaveTextContent("Free plan: 0 min used of 3 h"));
    expect(optionsCalls()).toBe(1);
    // The stream repeats the last state on reconnect: no second read.
    stream.deliver({ ...CALL, status: "failed", error: "The audio could not be read." });
    await settle();
    expect(optionsCalls()).toBe(1);
  });

  it("is read again when the server refuses an upload", async () => {
    renderDashboard([]);
    let answer: (result: UploadResult) => void = () => {};
    jest.mocked(startUpload).mockImplementation(() => ({ promise: new Promise((resolve) => (answer = resolve)), cancel: jest.fn() }));
    usedOnServer = 1200;
    fireEvent.change(screen.getByLabelText("Choose audio files"), { target: { files: [new File(["not audio"], "notes.mp3", { type: "audio/mpeg" })] } });
    await waitFor(() => expect(screen.getByRole("progressbar", { name: "Uploading notes.mp3" })).toBeInTheDocument());
    await settle();
    expect(optionsCalls()).toBe(0);

    await act(async () => answer({ ok: false, error: "This file is not audio we can read." }));
    expect(screen.getByRole("alert")).toHaveTextContent("This file is not audio we can read.");
    await waitFor(() => expect(meter()).toHaveTextContent("Free plan: 20 min used of 3 h"));
  });
});

describe("an upload's feedback is where the eye is", () => {
  it("appears right under the file picker, is scrolled into view and announced", async () => {
    renderDashboard([]);
    jest.mocked(startUpload).mockImplementation(() => ({ promise: new Promise(() => {}), cancel: jest.fn() }));
    const picker = screen.getByRole("button", { name: "Choose files" });
    fireEvent.change(screen.getByLabelText("Choose audio files"), { target: { files: [new File(["x"], "interview.wav", { type: "audio/wav" })] } });

    const upload = await screen.findByTestId("upload");
    // The picker's own column holds the upload, right after the drop zone.
    const column = picker.closest("div")!.parentElement!;
    expect(column).toContainElement(upload);
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledWith({ block: "nearest" });
    expect(screen.getByTestId("upload-announcement")).toHaveTextContent("Uploading interview.wav.");
    expect(within(upload).getByRole("button", { name: "Cancel" })).toBeInTheDocument();
  });
});

test("rows name languages as the rest of the product does", () => {
  renderDashboard([{ ...CALL, status: "done" }, { ...CALL, id: "t-2", title: "Standup", status: "done", detected_language: "en" }]);
  expect(screen.getByText(/· Cantonese/)).toBeInTheDocument();
  expect(screen.getByText(/· English/)).toBeInTheDocument();
});
