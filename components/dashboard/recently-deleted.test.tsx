/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ApiTranscription, DeletedTranscription } from "@/lib/api/contract/transcription";
import { apiTranscription } from "@/test/support/api-fixtures";
import { fakeFetch } from "@/test/support/fake-fetch";
import { DeletedNotice } from "./deleted-notice";
import { RecentlyDeleted } from "./recently-deleted";

const DAY_MS = 86_400_000;

const CALL = apiTranscription();

const deletedDaysAgo = (t: ApiTranscription, days: number): DeletedTranscription => ({
  ...t,
  deleted_at: new Date(Date.now() - days * DAY_MS).toISOString(),
  purge_at: new Date(Date.now() + (30 - days) * DAY_MS).toISOString(),
});

test("each row says how long it is still kept; Restore takes it off the list and the notice, with a link to it, takes the focus", async () => {
  const fetch = fakeFetch({ "POST /api/transcriptions/t-1/restore": { body: CALL } });
  render(<RecentlyDeleted initial={[deletedDaysAgo(CALL, 2), deletedDaysAgo({ ...CALL, id: "t-2", title: "Old memo" }, 29.5)]} />);
  const rows = screen.getAllByTestId("deleted-row");
  expect(rows[0]).toHaveTextContent("28 days left");
  expect(rows[1]).toHaveTextContent("last day");

  fireEvent.click(screen.getByRole("button", { name: "Restore Team call" }));
  const notice = await screen.findByRole("status");
  expect(notice).toHaveTextContent("“Team call” is back in your transcriptions.");
  expect(within(notice).getByRole("link", { name: "Open it" })).toHaveAttribute("href", "/transcription/t-1");
  await waitFor(() => expect(notice).toHaveFocus());
  expect(screen.getAllByTestId("deleted-row")).toHaveLength(1);
  expect(fetch.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/transcriptions/t-1/restore"]);
});

test("Delete for good asks first (saying the minutes stay used), then deletes with permanent=1; a failure is said in the dialog", async () => {
  let answer: { status: number; body: unknown } = { status: 500, body: { detail: "The store is unreachable." } };
  const fetch = fakeFetch({ "DELETE /api/transcriptions/t-1": () => answer });
  render(<RecentlyDeleted initial={[deletedDaysAgo(CALL, 1)]} />);
  fireEvent.click(screen.getByRole("button", { name: "Delete Team call for good" }));
  const dialog = screen.getByRole("dialog", { name: "Delete “Team call” for good?" });
  expect(dialog).toHaveTextContent("Its audio and transcript are removed now; this cannot be undone. Deleting doesn't give back the minutes it used.");
  expect(fetch.calls).toEqual([]);

  fireEvent.click(within(dialog).getByRole("button", { name: "Delete for good" }));
  expect(await within(dialog).findByRole("alert")).toHaveTextContent("The store is unreachable.");
  expect(fetch.calls[0].query.get("permanent")).toBe("1");

  answer = { status: 200, body: { ok: true } };
  fireEvent.click(within(dialog).getByRole("button", { name: "Delete for good" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  expect(screen.getByRole("status")).toHaveTextContent("“Team call” was deleted for good.");
  expect(screen.getByText("Nothing here")).toBeInTheDocument();
});

test("the dashboard's notice after a delete: Undo has the focus and restores it", async () => {
  fakeFetch({ "POST /api/transcriptions/t-1/restore": { body: CALL } });
  const onRestored = jest.fn();
  render(<DeletedNotice deleted={CALL} onRestored={onRestored} />);
  expect(screen.getByRole("status")).toHaveTextContent("“Team call” was moved to Recently deleted for 30 days.");
  expect(screen.getByRole("link", { name: "Recently deleted" })).toHaveAttribute("href", "/dashboard/deleted");
  const undo = screen.getByRole("button", { name: "Undo deleting Team call" });
  expect(undo).toHaveFocus();
  fireEvent.click(undo);
  await waitFor(() => expect(onRestored).toHaveBeenCalledWith(CALL));
});

test("Undo that fails says why and leaves the notice", async () => {
  fakeFetch({ "POST /api/transcriptions/t-1/restore": { status: 404, body: { detail: "This transcription is not in Recently deleted." } } });
  const onRestored = jest.fn();
  render(<DeletedNotice deleted={CALL} onRestored={onRestored} />);
  fireEvent.click(screen.getByRole("button", { name: "Undo deleting Team call" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("This transcription is not in Recently deleted.");
  expect(onRestored).not.toHaveBeenCalled();
});
