/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, render, screen } from "@testing-library/react";
import { useState } from "react";
import { FakeEventSource, installFakeEventSource } from "@/test/support/fake-event-source";
import { fakeFetch } from "@/test/support/fake-fetch";
import { PresenceList } from "./presence-list";
import { STREAM_GONE, STREAM_REFUSED, useEditStream } from "./use-edit-stream";

const TOO_MANY_PAGES = "You have this transcript open in more than 10 tabs. Close some, then reload this one.";

/** The editor's use of the hook, reduced to the line it feeds. */
function Page() {
  const [trouble, setTrouble] = useState<string | null>(null);
  useEditStream("t1", 3, "page-1", null, { onChanges: () => {}, onPresence: () => {}, onTrouble: setTrouble });
  return <PresenceList others={[]} segments={[]} trouble={trouble} />;
}

beforeEach(() => {
  installFakeEventSource();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

test("a stream the server refuses is said on the page, tried again after 30 seconds from the last version heard, and the sentence goes once it opens", async () => {
  fakeFetch({ "POST /api/transcriptions/t1/presence": { status: 204 } });
  render(<Page />);
  expect(FakeEventSource.opened).toHaveLength(1);
  expect(new URL(FakeEventSource.opened[0].url, "http://x").searchParams.get("since")).toBe("3");
  FakeEventSource.opened[0].connect("open");
  FakeEventSource.opened[0].emit("changes", { version: 7, restructured: false, segments: [] });
  FakeEventSource.opened[0].connect("refused");
  expect(await screen.findByRole("status")).toHaveTextContent(STREAM_REFUSED);

  await act(async () => jest.advanceTimersByTime(30_000));
  expect(FakeEventSource.opened).toHaveLength(2);
  expect(new URL(FakeEventSource.opened[1].url, "http://x").searchParams.get("since")).toBe("7");
  FakeEventSource.opened[1].connect("open");
  expect(screen.queryByRole("status")).toBeNull();
});

test("a stream refused because access is gone says so, and is not tried again", async () => {
  fakeFetch({ "POST /api/transcriptions/t1/presence": { status: 404, body: { detail: "Transcription not found." } } });
  render(<Page />);
  FakeEventSource.opened[0].connect("refused");
  expect(await screen.findByRole("status")).toHaveTextContent(STREAM_GONE);
  await act(async () => jest.advanceTimersByTime(60_000));
  expect(FakeEventSource.opened).toHaveLength(1);
});

test("a dropped connection the browser retries by itself says nothing", () => {
  fakeFetch({ "POST /api/transcriptions/t1/presence": { status: 204 } });
  render(<Page />);
  FakeEventSource.opened[0].emit("error", null);
  expect(screen.queryByRole("status")).toBeNull();
});

test("a presence beat refused for too many pages shows the server's sentence", async () => {
  fakeFetch({ "POST /api/transcriptions/t1/presence": { status: 429, body: { detail: TOO_MANY_PAGES } } });
  render(<Page />);
  await act(async () => {
    await Promise.resolve();
  });
  expect(await screen.findByRole("status")).toHaveTextContent(TOO_MANY_PAGES);
});
