/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen } from "@testing-library/react";
import { ConfirmDialog } from "./confirm-dialog";

test("Cancel has focus when the dialog opens; only the confirming button confirms", () => {
  const onConfirm = jest.fn();
  const onOpenChange = jest.fn();
  render(
    <ConfirmDialog open onOpenChange={onOpenChange} title="Delete “Call”?" description="Its audio is removed for good." confirmLabel="Delete" onConfirm={onConfirm} />,
  );
  expect(screen.getByRole("dialog", { name: "Delete “Call”?" })).toHaveTextContent("Its audio is removed for good.");
  expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(onOpenChange).toHaveBeenCalledWith(false);
  expect(onConfirm).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole("button", { name: "Delete" }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
});
