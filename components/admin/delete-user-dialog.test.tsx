/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, screen, within } from "@testing-library/react";
import { OPERATOR, adminUser, renderWithNotices, userPage } from "@/test/support/admin-fixtures";
import { fakeFetch, type FakeRoute } from "@/test/support/fake-fetch";
import { UsersTab } from "./users-tab";

const ADA = adminUser();
const ALERT_TEXT = 'Please type "DELETE" to confirm the deletion.';

async function openDeleteDialog(deleteRoute: FakeRoute = { body: { deleted: { id: ADA.id, name: ADA.name, email: ADA.email } } }) {
  let listed = [ADA, adminUser({ id: "u-bob", email: "bob@example.com", name: "Bob" })];
  const fetcher = fakeFetch({
    "GET /api/admin/users": () => ({ body: userPage(listed) }),
    "DELETE /api/admin/users/u-ada": (call) => {
      const answer = typeof deleteRoute === "function" ? deleteRoute(call) : deleteRoute;
      if (!(answer instanceof Error) && (answer.status ?? 200) === 200) listed = listed.filter((u) => u.id !== ADA.id);
      return answer;
    },
  });
  renderWithNotices(<UsersTab operator={OPERATOR} />);
  const row = await screen.findByTestId("admin-user-row-ada@example.com");
  fireEvent.click(within(row).getByRole("button", { name: "Delete" }));
  const dialog = screen.getByRole("dialog", { name: "Delete Ada Lovelace?" });
  const input = within(dialog).getByLabelText("Type DELETE to confirm");
  const button = within(dialog).getByRole("button", { name: "Delete permanently" });
  return { ...fetcher, dialog, input, button };
}

const deletes = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === "DELETE");

describe("DeleteUserDialog", () => {
  it("explains what is removed and starts with the button disabled and no alert", async () => {
    const { dialog, button } = await openDeleteDialog();
    expect(dialog).toHaveTextContent("transcriptions and audio");
    expect(dialog).toHaveTextContent("billing history");
    expect(dialog).toHaveTextContent("canceled at Stripe");
    expect(dialog).toHaveTextContent("This cannot be undone.");
    expect(button).toBeDisabled();
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });

  it.each(["delete", "DELETE ", " DELETE", "Delete", "DELET"])("%j keeps the button disabled and shows the alert", async (word) => {
    const { dialog, input, button, calls } = await openDeleteDialog();
    fireEvent.change(input, { target: { value: word } });
    expect(button).toBeDisabled();
    expect(within(dialog).getByRole("alert")).toHaveTextContent(ALERT_TEXT);
    fireEvent.keyDown(input, { key: "Enter" });
    fireEvent.submit(input.closest("form")!);
    expect(deletes(calls)).toEqual([]);
  });

  it("Enter with nothing typed shows the alert and sends nothing", async () => {
    const { dialog, input, calls } = await openDeleteDialog();
    fireEvent.keyDown(input, { key: "Enter" });
    expect(within(dialog).getByRole("alert")).toHaveTextContent(ALERT_TEXT);
    expect(deletes(calls)).toEqual([]);
  });

  it("exactly DELETE enables the button; deleting calls the API, closes, shows the success banner and reloads the list", async () => {
    const { dialog, input, button, calls } = await openDeleteDialog();
    fireEvent.change(input, { target: { value: "DELETE" } });
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    expect(button).toBeEnabled();
    fireEvent.click(button);
    expect(button).toHaveTextContent("Deleting…");
    expect(await screen.findByRole("status")).toHaveTextContent("User Ada Lovelace (ada@example.com) has been permanently deleted.");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(deletes(calls).map((c) => c.path)).toEqual(["/api/admin/users/u-ada"]);
    expect(await screen.findByTestId("admin-user-row-bob@example.com")).toBeInTheDocument();
    expect(screen.queryByTestId("admin-user-row-ada@example.com")).not.toBeInTheDocument();
  });

  it("a failure shows 'Failed to delete user: {status} - {text}' with the server's detail and keeps the dialog", async () => {
    const { dialog, input, button } = await openDeleteDialog({ status: 502, body: { detail: "x" } });
    fireEvent.change(input, { target: { value: "DELETE" } });
    fireEvent.click(button);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^Failed to delete user: 502 - x$/);
    expect(button).toHaveTextContent("Delete permanently");
    expect(button).toBeEnabled();
    expect(screen.getByTestId("admin-user-row-ada@example.com")).toBeInTheDocument();
  });

  it("a failure without a JSON body shows the raw body text", async () => {
    const { dialog, input, button } = await openDeleteDialog({ status: 503, raw: "Service Unavailable" });
    fireEvent.change(input, { target: { value: "DELETE" } });
    fireEvent.click(button);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^Failed to delete user: 503 - Service Unavailable$/);
  });

  it("Cancel closes without a request", async () => {
    const { dialog, calls } = await openDeleteDialog();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(deletes(calls)).toEqual([]);
  });
});
