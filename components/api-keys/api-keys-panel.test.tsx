/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderFresh } from "@/test/support/admin-fixtures";
import { fakeFetch } from "@/test/support/fake-fetch";
import { ApiKeysPanel } from "./api-keys-panel";

const TOKEN = `vbt_${"a".repeat(43)}`;
const key = (id: string, name: string, scope: "read" | "write", lastUsed: string | null) => ({
  id,
  name,
  prefix: `vbt_${id.padEnd(8, "x")}`,
  scope,
  workspace_id: null,
  created_at: "2026-11-20T10:00:00Z",
  last_used_at: lastUsed,
});

describe("the developers page's API keys", () => {
  it("makes a key and shows its token once with a copy button; the list never holds the token", async () => {
    let listed = [key("k1", "Old script", "read", "2026-11-25T08:00:00Z")];
    const { calls } = fakeFetch({
      "GET /api/api-keys": () => ({ body: { api_keys: listed } }),
      "POST /api/api-keys": () => {
        const made = { ...key("k2", "Nightly import", "write", null), prefix: TOKEN.slice(0, 12) };
        listed = [made, ...listed];
        return { status: 201, body: { ...made, token: TOKEN } };
      },
    });
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderFresh(<ApiKeysPanel />);
    const section = await screen.findByRole("region", { name: "API keys" });
    await within(section).findByText("Old script");
    expect(section).toHaveTextContent("Read only");

    fireEvent.change(within(section).getByLabelText("Key name"), { target: { value: "Nightly import" } });
    fireEvent.change(within(section).getByLabelText("Scope"), { target: { value: "write" } });
    fireEvent.click(within(section).getByRole("button", { name: "Create key" }));
    expect(await within(section).findByText("You won't see this key again.", { exact: false })).toBeInTheDocument();
    expect(within(section).getByTestId("new-api-key")).toHaveTextContent(TOKEN);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ name: "Nightly import", scope: "write" });
    const list = within(section).getByRole("list", { name: "API keys" });
    await within(list).findByText("Nightly import");
    expect(list).toHaveTextContent("Read and write");
    expect(list).toHaveTextContent("last used Never");
    expect(list).not.toHaveTextContent(TOKEN);

    fireEvent.click(within(section).getByRole("button", { name: "Copy key" }));
    await within(section).findByText("Copied.");
    expect(writeText).toHaveBeenCalledWith(TOKEN);
    fireEvent.click(within(section).getByRole("button", { name: "Done" }));
    expect(within(section).queryByTestId("new-api-key")).toBeNull();
  });

  it("revokes a key only after asking, and keeps the dialog with the server's sentence when that fails", async () => {
    let fail = true;
    let listed = [key("k1", "CI", "write", null)];
    const { calls } = fakeFetch({
      "GET /api/api-keys": () => ({ body: { api_keys: listed } }),
      "DELETE /api/api-keys/k1": () => {
        if (fail) return { status: 503, body: { detail: "The database is busy. Try again." } };
        listed = [];
        return { body: { ok: true } };
      },
    });
    renderFresh(<ApiKeysPanel />);
    const section = await screen.findByRole("region", { name: "API keys" });
    fireEvent.click(await within(section).findByRole("button", { name: "Revoke CI" }));
    const dialog = screen.getByRole("dialog", { name: "Revoke the key “CI”?" });
    expect(calls.filter((c) => c.method === "DELETE")).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    expect(await within(dialog).findByText("The database is busy. Try again.")).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await within(section).findByText("No API keys yet.");
  });

  it("shows the refusal of a member who may not manage the workspace's keys", async () => {
    fakeFetch({ "GET /api/api-keys": { status: 403, body: { detail: "Only the workspace's owner and admins can do this." } } });
    renderFresh(<ApiKeysPanel workspaceName="Team" />);
    expect(await screen.findByText("Only the workspace's owner and admins can do this.")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "API keys" })).toHaveTextContent("in the workspace “Team”");
  });

  it("says why a key could not be made", async () => {
    fakeFetch({
      "GET /api/api-keys": { body: { api_keys: [] } },
      "POST /api/api-keys": { status: 422, body: { detail: "Give the key a name." } },
    });
    renderFresh(<ApiKeysPanel />);
    const section = await screen.findByRole("region", { name: "API keys" });
    await within(section).findByText("No API keys yet.");
    fireEvent.change(within(section).getByLabelText("Key name"), { target: { value: " " } });
    fireEvent.submit(within(section).getByRole("button", { name: "Create key" }).closest("form")!);
    expect(await within(section).findByText("Give the key a name.")).toBeInTheDocument();
  });
});
