/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, screen, within } from "@testing-library/react";
import { SettingsTab } from "./settings-tab";
import { adminSetting, renderWithNotices } from "@/test/support/admin-fixtures";
import { fakeFetch, type FakeRoute } from "@/test/support/fake-fetch";

const SETTING = adminSetting();

async function openDialog(patch: FakeRoute) {
  const fetcher = fakeFetch({
    "GET /api/admin/settings": { body: { settings: [SETTING, adminSetting({ key: "other", value: "1" })] } },
    "PATCH /api/admin/settings/max_upload_mb": patch,
  });
  renderWithNotices(<SettingsTab />);
  const row = await screen.findByTestId("admin-setting-row-max_upload_mb");
  fireEvent.click(within(row).getByRole("button", { name: "Edit" }));
  const dialog = screen.getByRole("dialog", { name: "Edit setting" });
  return { ...fetcher, dialog };
}

function save(dialog: HTMLElement, value: string) {
  fireEvent.change(within(dialog).getByLabelText("Value"), { target: { value } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
}

describe("SettingEditDialog", () => {
  it("shows the key in a disabled input, with the value and description to edit", async () => {
    const { dialog } = await openDialog({ body: { setting: SETTING } });
    const key = within(dialog).getByLabelText("Key");
    expect(key).toBeDisabled();
    expect(key).toHaveValue("max_upload_mb");
    expect(within(dialog).getByLabelText("Value")).toHaveValue("500");
    expect(within(dialog).getByLabelText("Description")).toHaveValue("Largest upload in MB");
  });

  it("saves value and description, closes, updates the row and confirms in the banner", async () => {
    const { dialog, calls } = await openDialog({ body: { setting: { ...SETTING, value: "750" } } });
    save(dialog, "750");
    expect(await screen.findByRole("status")).toHaveTextContent("Setting max_upload_mb has been saved.");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(within(screen.getByTestId("admin-setting-row-max_upload_mb")).getByText("750")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([
      expect.objectContaining({ path: "/api/admin/settings/max_upload_mb", body: { value: "750", description: "Largest upload in MB" } }),
    ]);
  });

  it("a 422 shows 'Failed to save setting: 422 - {detail}' and keeps the dialog open", async () => {
    const { dialog } = await openDialog({ status: 422, body: { detail: "max_upload_mb must be a whole number from 1 to 4096." } });
    save(dialog, "1.5");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^Failed to save setting: 422 - max_upload_mb must be a whole number from 1 to 4096\.$/);
    expect(within(dialog).getByLabelText("Value")).toHaveValue("1.5");
  });

  it("a network failure shows 'Error saving setting: {message}'", async () => {
    const { dialog } = await openDialog(new TypeError("Failed to fetch"));
    save(dialog, "600");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^Error saving setting: Failed to fetch$/);
  });
});
