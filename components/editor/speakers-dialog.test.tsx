/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import type { ApiResult } from "@/lib/api/client";
import type { SpeakerRename } from "@/lib/editor/speakers";
import { SpeakersDialog } from "./speakers-dialog";

const DETECTED = [
  { speaker: 0, name: "Speaker 1", named: false, seconds: 30, suggestion: null },
  { speaker: 1, name: "Maya", named: true, seconds: 20, suggestion: null },
];

type Save = (renames: SpeakerRename[]) => Promise<ApiResult<unknown> | null>;
const saved: Save = async () => ({ ok: true, data: {} });

const field = (name: string) => screen.getByRole("textbox", { name: `New name for ${name}` });
const item = (name: string) => field(name).closest("li")!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save" }));

/** The dialog as the editor uses it: opened by a button, its names renamed by a save. */
function Harness({ onSave, initial = ["Speaker 1", "Speaker 2"] }: { onSave: Save; initial?: string[] }) {
  const [open, setOpen] = useState(false);
  const [names, setNames] = useState(initial);
  const rename: Save = async (renames) => {
    const result = await onSave(renames);
    if (result?.ok) setNames((all) => all.map((n) => renames.find((r) => r.from === n)?.to ?? n));
    return result;
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Speakers</button>
      <SpeakersDialog open={open} onOpenChange={setOpen} names={names} onSave={rename} />
    </>
  );
}
/** As a click does in a browser, the opener takes the focus first. */
function openDialog() {
  const opener = screen.getByRole("button", { name: "Speakers" });
  opener.focus();
  fireEvent.click(opener);
}

describe("the Speakers dialog's form", () => {
  it("saves every changed name in one call, then closes with the focus back on the opener", async () => {
    const onSave = jest.fn(saved);
    render(<Harness onSave={onSave} initial={["Speaker 1", "Speaker 2", "Narrator"]} />);
    openDialog();
    type("Speaker 1", "  Host ");
    type("Speaker 2", "Guest");
    save();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onSave).toHaveBeenCalledTimes(1);
    // Only the changed names, as the server stores them (trimmed).
    expect(onSave).toHaveBeenCalledWith([{ from: "Speaker 1", to: "Host" }, { from: "Speaker 2", to: "Guest" }]);
    // The focus goes back once the dialog is gone.
    await waitFor(() => expect(screen.getByRole("button", { name: "Speakers" })).toHaveFocus());
    openDialog();
    expect(field("Host")).toHaveValue("Host");
    expect(field("Guest")).toHaveValue("Guest");
  });

  it("lets two speakers swap names", async () => {
    const onSave = jest.fn(saved);
    render(<Harness onSave={onSave} />);
    openDialog();
    type("Speaker 1", "Speaker 2");
    type("Speaker 2", "Speaker 1");
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith([{ from: "Speaker 1", to: "Speaker 2" }, { from: "Speaker 2", to: "Speaker 1" }]));
  });

  it("with nothing changed, Save just closes", async () => {
    const onSave = jest.fn(saved);
    render(<Harness onSave={onSave} />);
    openDialog();
    type("Speaker 1", " Speaker   1 ");
    save();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onSave).not.toHaveBeenCalled();
  });

  it("refuses empty, too long and shared names at their fields, focusing the first, and saves nothing", async () => {
    const onSave = jest.fn(saved);
    render(<Harness onSave={onSave} initial={["Speaker 1", "Speaker 2", "Maya", "Narrator"]} />);
    openDialog();
    type("Speaker 1", "   ");
    type("Speaker 2", "x".repeat(61));
    type("Narrator", "maya");
    save();
    expect(field("Speaker 1")).toHaveAccessibleDescription("Give the speaker a name.");
    expect(field("Speaker 1")).toHaveAttribute("aria-invalid", "true");
    expect(field("Speaker 1")).toHaveFocus();
    expect(field("Speaker 2")).toHaveAccessibleDescription("Use at most 60 characters for a speaker name.");
    expect(field("Narrator")).toHaveAccessibleDescription("Another speaker is also called “maya”. Give each speaker a different name.");
    // The unchanged speaker whose name was taken is not the one to fix.
    expect(field("Maya")).not.toHaveAttribute("aria-invalid");
    expect(onSave).not.toHaveBeenCalled();

    // Two new names alike are both marked; typing into a field clears its mark.
    type("Speaker 1", "Guest");
    expect(field("Speaker 1")).not.toHaveAttribute("aria-invalid");
    type("Speaker 2", "guest");
    type("Narrator", "Narrator");
    save();
    expect(field("Speaker 1")).toHaveAccessibleDescription("Another speaker is also called “Guest”. Give each speaker a different name.");
    expect(field("Speaker 2")).toHaveAccessibleDescription("Another speaker is also called “guest”. Give each speaker a different name.");
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("shows the server's sentence when the save fails and keeps what was typed", async () => {
    const detail = "This transcript was changed in another tab or window since you opened it. Reload to get the latest version.";
    const onSave = jest.fn(async (): Promise<ApiResult<unknown>> => ({ ok: false, status: 409, text: detail, body: { detail } }));
    render(<Harness onSave={onSave} />);
    openDialog();
    type("Speaker 1", "Host");
    save();
    expect(await screen.findByRole("alert")).toHaveTextContent(detail);
    expect(field("Speaker 1")).toHaveValue("Host");
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
  });

  it("says so when other unsaved changes kept the names from going out", async () => {
    render(<Harness onSave={async () => null} />);
    openDialog();
    type("Speaker 2", "Guest");
    save();
    expect(await screen.findByRole("alert")).toHaveTextContent("other changes to the transcript are not saved yet");
  });

  it("shows Saving… and takes no second save while one is under way", async () => {
    let finish: (result: ApiResult<unknown>) => void = () => undefined;
    const onSave = jest.fn(() => new Promise<ApiResult<unknown>>((resolve) => (finish = resolve)));
    render(<Harness onSave={onSave} />);
    openDialog();
    type("Speaker 1", "Host");
    save();
    const busy = await screen.findByRole("button", { name: "Saving…" });
    expect(busy).toBeDisabled();
    fireEvent.submit(busy.closest("form")!);
    expect(onSave).toHaveBeenCalledTimes(1);
    await act(async () => finish({ ok: true, data: {} }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it.each([
    ["Cancel", () => fireEvent.click(screen.getByRole("button", { name: "Cancel" }))],
    ["Close", () => fireEvent.click(screen.getByRole("button", { name: "Close" }))],
    ["Escape", () => fireEvent.keyDown(document.activeElement!, { key: "Escape" })],
  ])("%s closes without saving and forgets what was typed", async (_how, close) => {
    const onSave = jest.fn(saved);
    render(<Harness onSave={onSave} />);
    openDialog();
    expect(field("Speaker 1")).toHaveFocus();
    type("Speaker 1", "Host");
    close();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onSave).not.toHaveBeenCalled();
    // The focus goes back once the dialog is gone.
    await waitFor(() => expect(screen.getByRole("button", { name: "Speakers" })).toHaveFocus());
    openDialog();
    expect(field("Speaker 1")).toHaveValue("Speaker 1");
  });

  it("says when there are no speakers, and can be closed", () => {
    const onOpenChange = jest.fn();
    render(<SpeakersDialog open onOpenChange={onOpenChange} names={[]} onSave={saved} />);
    expect(screen.getByText("No speakers yet.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe("the Speakers dialog's voice profiles", () => {
  it("saves a named detected speaker under its name and says what that does", async () => {
    const onSave = jest.fn(async (): Promise<ApiResult<unknown>> => ({ ok: true, data: {} }));
    render(<SpeakersDialog open onOpenChange={jest.fn()} names={["Speaker 1", "Maya", "Narrator"]} onSave={saved} detected={DETECTED} onSaveProfile={onSave} />);
    expect(within(item("Speaker 1")).getByText("Rename this speaker to save their voice as a profile.")).toBeInTheDocument();
    // a speaker added by hand has no voice to save
    expect(within(item("Narrator")).queryByRole("button", { name: /voice profile/ })).toBeNull();
    fireEvent.click(within(item("Maya")).getByRole("button", { name: "Save as a voice profile: Maya" }));
    expect(onSave).toHaveBeenCalledWith(1, "Maya");
    expect(await within(item("Maya")).findByRole("status")).toHaveTextContent("Saved. Later transcriptions will suggest “Maya”.");
  });

  it("shows the server's sentence when the profile cannot be saved, and keeps the button", async () => {
    const detail = "You can keep at most 200 voice profiles. Delete one on your account page first.";
    const onSave = jest.fn(async (): Promise<ApiResult<unknown>> => ({ ok: false, status: 422, text: detail, body: { detail } }));
    render(<SpeakersDialog open onOpenChange={jest.fn()} names={["Maya"]} onSave={saved} detected={DETECTED} onSaveProfile={onSave} />);
    fireEvent.click(screen.getByRole("button", { name: "Save as a voice profile: Maya" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(detail);
    expect(screen.getByRole("button", { name: "Save as a voice profile: Maya" })).toBeEnabled();
  });

  it("offers no profile buttons when there are no detected speakers", () => {
    render(<SpeakersDialog open onOpenChange={jest.fn()} names={["Speaker 1"]} onSave={saved} />);
    expect(field("Speaker 1")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /voice profile/ })).toBeNull();
  });
});
