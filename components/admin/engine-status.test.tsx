/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, screen } from "@testing-library/react";
import { renderWithNotices } from "@/test/support/admin-fixtures";
import { fakeFetch } from "@/test/support/fake-fetch";
import { EngineStatus, modelDownloadText, speakerModelsText } from "./engine-status";

const WORKER = { id: "w1", host: "worker-1", engine: "sphinx", problem: null, capacity: 2, live_capacity: 2, busy: true, seen_s_ago: 3, model: { state: "present" } };
const FAILED = { state: "failed", model: "base", reason: "Could not reach the model repository: fetch failed." } as const;
const NO_MODEL = { available: false, model: null, setup: "AI formatting is off: set LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY if the service needs one) to turn it on." };
const health = (engine: object, workers: object[] = [WORKER], formatting: object = NO_MODEL) => ({
  body: { status: "ok", database: { ok: true, kind: "pglite" }, engine, queue: {
    queued: 2,
    running: 1,
    oldest_queued_s: 75,
    kinds: {
      transcribe: { queued: 2, running: 1, oldest_queued_s: 75 },
      format: { queued: 0, running: 1, oldest_queued_s: 0 },
      mail: { queued: 4, running: 0, oldest_queued_s: 130 },
    },
    pieces: { queued: 3, running: 2 },
  }, workers, formatting },
});

describe("the admin panel's speech engine status", () => {
  it("gives operators the setup hint for AI formatting when no language model is configured, and the model when one is", async () => {
    const engine = { selected: "sphinx", problem: null, setup: null, engines: {} };
    fakeFetch({ "GET /api/health": health(engine) });
    const { unmount } = renderWithNotices(<EngineStatus />);
    expect(await screen.findByTestId("admin-formatting-status")).toHaveTextContent(/^AI formatting is off: set LLM_BASE_URL and LLM_MODEL/);
    unmount();
    fakeFetch({ "GET /api/health": health(engine, [WORKER], { available: true, model: "gpt-4o-mini", setup: null }) });
    renderWithNotices(<EngineStatus />);
    expect(await screen.findByTestId("admin-formatting-status")).toHaveTextContent("AI formatting: on (model gpt-4o-mini).");
  });

  it("says which engine runs and how far each worker's model download is", async () => {
    fakeFetch({
      "GET /api/health": health({ selected: "sphinx", problem: null, setup: "2 processes at once, one per core.", engines: {} }, [
        { ...WORKER, model: { state: "downloading", model: "base", bytes: 71_000_000, total: 142_000_000 } },
      ]),
    });
    renderWithNotices(<EngineStatus />);
    const status = await screen.findByTestId("admin-engine-status");
    expect(status).toHaveTextContent("In use: Offline English engine (sphinx).");
    expect(status).toHaveTextContent("2 processes at once, one per core.");
    // What would lift the offline engine's limits is said here, never on a customer's page.
    expect(screen.getByTestId("admin-engine-hint")).toHaveTextContent(/^PocketSphinx transcribes English only, with basic accuracy\. Add a whisper model/);
    expect(status).toHaveTextContent("Downloading the whisper model base: 50 % (71 MB of 142 MB). PocketSphinx transcribes until it is ready.");
    expect(status).toHaveTextContent("Queue: 2 waiting (the oldest for 1:15), 1 running; pieces of long files: 3 waiting, 2 being transcribed; formatting: 0 waiting, 1 running; mail: 4 waiting (the oldest for 2:10).");
    expect(status).toHaveTextContent("Worker on worker-1: Offline English engine, 2 at once, 2 live recordings, busy. Downloading the whisper model base");
    expect(screen.queryByRole("button", { name: "Retry download" })).toBeNull();
  });

  it("names the problem when no engine can run, and when no worker is alive", async () => {
    fakeFetch({
      "GET /api/health": health({ selected: null, problem: "No speech engine is configured.", setup: null, engines: {} }, []),
    });
    renderWithNotices(<EngineStatus />);
    const status = await screen.findByTestId("admin-engine-status");
    expect(status).toHaveTextContent("No speech engine: No speech engine is configured.");
    expect(status).toHaveTextContent("No transcription worker is running: uploads wait in the queue until one starts (npm run worker).");
  });

  it("words every state of the download", () => {
    expect(modelDownloadText(FAILED)).toBe("The whisper model base could not be downloaded: Could not reach the model repository: fetch failed.");
    expect(modelDownloadText({ state: "ready", model: "base" })).toBe("The whisper model base was downloaded and is in use.");
    expect(modelDownloadText({ state: "off" })).toMatch(/^Automatic model download is off/);
    expect(modelDownloadText({ state: "present" })).toBeNull();
  });

  it("shows each worker's speaker models beside its speech model, and offers a retry when only they failed", async () => {
    const engine = { selected: "sphinx", problem: null, setup: null, engines: {} };
    fakeFetch({
      "GET /api/health": health(engine, [
        { ...WORKER, speakers: { state: "downloading", bytes: 12_000_000, total: 30_000_000 } },
        { ...WORKER, id: "w2", host: "worker-2", speakers: { state: "ready" } },
      ]),
    });
    const { unmount } = renderWithNotices(<EngineStatus />);
    const workers = await screen.findByRole("list", { name: "Workers" });
    expect(workers).toHaveTextContent(
      "Worker on worker-1: Offline English engine, 2 at once, 2 live recordings, busy. Speaker models: downloading, 40 % (12 MB of 30 MB); the basic speaker detector is used until they are ready.",
    );
    expect(workers).toHaveTextContent("Worker on worker-2: Offline English engine, 2 at once, 2 live recordings, busy. Speaker models: ready.");
    expect(screen.queryByRole("button", { name: "Retry download" })).toBeNull();
    unmount();

    fakeFetch({ "GET /api/health": health(engine, [{ ...WORKER, speakers: { state: "failed", reason: "The model repository answered 404." } }]) });
    renderWithNotices(<EngineStatus />);
    expect(await screen.findByRole("list", { name: "Workers" })).toHaveTextContent(
      "busy. Speaker models: the download failed: The model repository answered 404. The basic speaker detector is used.",
    );
    expect(screen.getByRole("button", { name: "Retry download" })).toBeInTheDocument();
  });

  it("words every state of the speaker models", () => {
    expect(speakerModelsText({ state: "present" })).toBe("Speaker models: ready.");
    expect(speakerModelsText({ state: "failed", reason: "Could not reach the model repository: fetch failed" })).toBe(
      "Speaker models: the download failed: Could not reach the model repository: fetch failed. The basic speaker detector is used.",
    );
    expect(speakerModelsText({ state: "downloading", bytes: 0, total: null })).toBe("Speaker models: downloading, 0 MB; the basic speaker detector is used until they are ready.");
    expect(speakerModelsText({ state: "off" })).toBe("Speaker models: off (SPEAKER_MODELS_AUTO_DOWNLOAD=false); the basic speaker detector is used.");
  });

  it("offers a retry when a worker's download failed, and reads the status again while the workers take it up", async () => {
    let retried = false;
    const { calls } = fakeFetch({
      "GET /api/health": () =>
        health({ selected: "sphinx", problem: null, setup: null, engines: {} }, [
          { ...WORKER, model: retried ? { state: "downloading", model: "base", bytes: 0, total: 142_000_000 } : FAILED },
          { ...WORKER, id: "w2", host: "worker-2" },
        ]),
      "POST /api/admin/model-download/retry": () => {
        retried = true;
        return { body: { workers: ["w1"] } };
      },
    });
    renderWithNotices(<EngineStatus />);
    const status = await screen.findByTestId("admin-engine-status");
    expect(status).toHaveTextContent("Worker on worker-1: Offline English engine, 2 at once, 2 live recordings, busy. The whisper model base could not be downloaded: Could not reach the model repository: fetch failed.");
    expect(status).not.toHaveTextContent("next start");
    fireEvent.click(screen.getByRole("button", { name: "Retry download" }));
    expect(await screen.findByRole("status")).toHaveTextContent("The worker tries the model download again within 10 seconds.");
    expect(await screen.findByText(/Downloading the whisper model base: 0 %/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Retry download" })).toBeNull();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/admin/model-download/retry"]);
  });
});
