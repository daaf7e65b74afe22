/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, screen, within } from "@testing-library/react";
import { languageTier, renderWithNotices } from "@/test/support/admin-fixtures";
import { fakeFetch } from "@/test/support/fake-fetch";
import { TiersTab } from "./tiers-tab";

const TIER = languageTier();

async function openDialog() {
  const fetcher = fakeFetch({
    "GET /api/admin/language-tiers": { body: { tiers: [TIER, languageTier({ id: "tier2", languages: {} })] } },
    "PATCH /api/admin/language-tiers/tier1": (call) => ({ body: { tier: { ...TIER, ...(call.body as object) } } }),
  });
  renderWithNotices(<TiersTab />);
  const row = await screen.findByTestId("admin-tier-row-tier1");
  expect(row).toHaveTextContent("English, French");
  fireEvent.click(within(row).getByRole("button", { name: "Edit" }));
  return { ...fetcher, dialog: screen.getByRole("dialog", { name: "Edit language tier tier1" }) };
}

describe("TierEditDialog", () => {
  it("shows one 'code: Name' per line and counts what would be saved", async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).getByLabelText("Languages")).toHaveValue("en: English\nfr: French");
    expect(within(dialog).getByLabelText("Description")).toHaveValue("Major languages");
    expect(within(dialog).getByText("2 languages will be saved; 0 lines ignored")).toBeInTheDocument();
  });

  it("sends the parsed map, ignoring lines without a code or a name, and says how many were ignored", async () => {
    const { dialog, calls } = await openDialog();
    const lines = ["en: English", "no colon here", ": Nameless", "xx:", "", "  pt-BR :  Portuguese (Brazil) ", "ja: 日本語: Japanese"].join("\n");
    fireEvent.change(within(dialog).getByLabelText("Languages"), { target: { value: lines } });
    fireEvent.change(within(dialog).getByLabelText("Description"), { target: { value: " Updated " } });
    expect(within(dialog).getByText("3 languages will be saved; 3 lines ignored")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Language tier tier1 has been saved.");
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([
      expect.objectContaining({
        path: "/api/admin/language-tiers/tier1",
        body: { description: "Updated", languages: { en: "English", "pt-BR": "Portuguese (Brazil)", ja: "日本語: Japanese" } },
      }),
    ]);
    expect(within(screen.getByTestId("admin-tier-row-tier1")).getByText("3")).toBeInTheDocument();
  });

  it("a failure shows the server's detail", async () => {
    const { dialog } = await openDialog();
    fakeFetch({ "PATCH /api/admin/language-tiers/tier1": { status: 422, body: { detail: "A tier needs at least one language." } } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^Failed to save language tier: 422 - A tier needs at least one language\.$/);
  });
});
