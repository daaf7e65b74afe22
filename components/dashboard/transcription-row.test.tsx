/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { apiTranscription } from "@/test/support/api-fixtures";
import { TranscriptionRow } from "./transcription-row";

const CALL = apiTranscription();

function renderRow(onDelete = jest.fn(async () => null)) {
  render(
    <ul>
      <TranscriptionRow t={CALL} changes={{ onRename: async () => null, onDelete, onCancel: async () => null }} />
    </ul>,
  );
  return onDelete;
}

test("Delete asks in the app's dialog, not the browser's confirm() box, and deletes only when confirmed", () => {
  const browserConfirm = jest.spyOn(window, "confirm").mockReturnValue(true);
  const onDelete = renderRow();
  fireEvent.click(screen.getByRole("button", { name: "Delete Team call" }));
  expect(browserConfirm).not.toHaveBeenCalled();
  const dialog = screen.getByRole("dialog", { name: "Delete “Team call”?" });
  expect(dialog).toHaveTextContent("It stays in Recently deleted for 30 days, where you can restore it. Deleting doesn't give back the minutes it used.");
  fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
  expect(onDelete).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole("button", { name: "Delete Team call" }));
  fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
  expect(onDelete).toHaveBeenCalledWith(CALL);
});

test("a search result shows the words around the match, with the match highlighted", () => {
  render(
    <ul>
      <TranscriptionRow t={{ ...CALL, snippet: { before: "…then the ", match: "Budget", after: " for next year…" } }} />
    </ul>,
  );
  expect(screen.getByTestId("search-snippet")).toHaveTextContent("…then the Budget for next year…");
  expect(screen.getByText("Budget", { selector: "mark" })).toBeInTheDocument();
});

test("someone who may only read it is offered no Rename, Cancel or Delete", () => {
  render(
    <ul>
      <TranscriptionRow t={{ ...CALL, status: "processing" }} />
    </ul>,
  );
  expect(screen.getByRole("link", { name: "Team call" })).toBeInTheDocument();
  expect(screen.queryByRole("button")).toBeNull();
});

test("a refused delete or cancel shows the server's sentence on the row", async () => {
  const refused = "Viewers of this workspace can read and export only.";
  render(
    <ul>
      <TranscriptionRow t={{ ...CALL, status: "processing" }} changes={{ onRename: async () => null, onDelete: async () => refused, onCancel: async () => "Nothing to cancel: it is done." }} />
    </ul>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Delete Team call" }));
  fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
  expect(await screen.findByRole("alert")).toHaveTextContent(refused);
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(await screen.findByText("Nothing to cancel: it is done.")).toHaveAttribute("role", "alert");
});
