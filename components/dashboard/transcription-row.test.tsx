/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { apiTranscription } from "@/test/support/api-fixtures";
import { TranscriptionRow } from "./transcription-row";

const CALL = apiTranscription();

function renderRow(onDelete = jest.fn()) {
  render(
    <ul>
      <TranscriptionRow t={CALL} onRename={async () => null} onDelete={onDelete} onCancel={() => undefined} />
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
      <TranscriptionRow
        t={{ ...CALL, snippet: { before: "…then the ", match: "Budget", after: " for next year…" } }}
       
        onRename={async () => null}
        onDelete={() => undefined}
        onCancel={() => undefined}
      />
    </ul>,
  );
  expect(screen.getByTestId("search-snippet")).toHaveTextContent("…then the Budget for next year…");
  expect(screen.getByText("Budget", { selector: "mark" })).toBeInTheDocument();
});
