/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import type { ShareLinkItem } from "@/lib/api/contract/sharing";
import { fakeFetch } from "@/test/support/fake-fetch";
import { ShareDialog } from "./share-dialog";

const LINKS = "/api/transcriptions/t-1/share-links";

function link(overrides: Partial<ShareLinkItem>): ShareLinkItem {
  return {
    id: "l-1",
    url: `http://localhost:3000/shared#${"A".repeat(43)}`,
    allow_export: true,
    show_speakers: true,
    expires_at: null,
    expired: false,
    last_opened_at: null,
    created_at: "2026-11-20T10:00:00Z",
    ...overrides,
  };
}

function open(onOpenChange: (open: boolean) => void = () => undefined) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ShareDialog transcriptionId="t-1" open onOpenChange={onOpenChange} />
    </SWRConfig>,
  );
}

describe("the share dialog", () => {
  it("lists the links with their options, makes one with the chosen options, and revokes one", async () => {
    const old = link({ id: "l-old", allow_export: false, expired: true, expires_at: "2026-11-21T10:00:00Z", last_opened_at: "2026-11-20T12:00:00Z" });
    const made = link({ id: "l-new", url: `http://localhost:3000/shared#${"B".repeat(43)}`, show_speakers: false, expires_at: "2026-11-27T10:00:00Z" });
    const { calls } = fakeFetch({
      [`GET ${LINKS}`]: { body: { links: [old] } },
      [`POST ${LINKS}`]: { status: 201, body: made },
      "DELETE /api/share-links/l-old": { body: { ok: true } },
    });
    open();
    const rows = await screen.findAllByTestId("share-link");
    expect(rows[0]).toHaveTextContent("no exports · speakers shown");
    expect(rows[0]).toHaveTextContent("Expired");
    expect(within(rows[0]).getByTestId("share-link-url")).toHaveValue(old.url);

    fireEvent.click(screen.getByLabelText("Show speaker names"));
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "7" } });
    fireEvent.click(screen.getByRole("button", { name: "Create link" }));
    await waitFor(() => expect(screen.getAllByTestId("share-link")).toHaveLength(2));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ allow_export: true, show_speakers: false, expires_in_days: 7 });
    expect(within(screen.getAllByTestId("share-link")[0]).getByTestId("share-link-url")).toHaveValue(made.url);

    fireEvent.click(within(screen.getAllByTestId("share-link")[1]).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(screen.getAllByTestId("share-link")).toHaveLength(1));
    expect(screen.getByTestId("share-link-url")).toHaveValue(made.url);
  });

  it("shows the server's sentence when a link cannot be made", async () => {
    fakeFetch({
      [`GET ${LINKS}`]: { body: { links: [] } },
      [`POST ${LINKS}`]: { status: 403, body: { detail: "Only the transcript's owner or a workspace admin can share it." } },
    });
    open();
    expect(await screen.findByText("No links yet.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Create link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Only the transcript's owner or a workspace admin can share it.");
  });

  it("has a Close button", async () => {
    fakeFetch({ [`GET ${LINKS}`]: { body: { links: [] } } });
    const onOpenChange = jest.fn();
    open(onOpenChange);
    await screen.findByText("No links yet.");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
