/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { ApiResult } from "@/lib/api/client";
import { SpeakersDialog } from "./speakers-dialog";

const DETECTED = [
  { speaker: 0, name: "Speaker 1", named: false, seconds: 30, suggestion: null },
  { speaker: 1, name: "Maya", named: true, seconds: 20, suggestion: null },
];

const item = (name: string) => screen.getByRole("textbox", { name: `New name for ${name}` }).closest("li")!;

describe("the Speakers dialog's voice profiles", () => {
  it("saves a named detected speaker under its name and says what that does", async () => {
    const onSave = jest.fn(async (): Promise<ApiResult<unknown>> => ({ ok: true, data: {} }));
    render(<SpeakersDialog open onOpenChange={jest.fn()} names={["Speaker 1", "Maya", "Narrator"]} onRename={jest.fn()} detected={DETECTED} onSaveProfile={onSave} />);
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
    render(<SpeakersDialog open onOpenChange={jest.fn()} names={["Maya"]} onRename={jest.fn()} detected={DETECTED} onSaveProfile={onSave} />);
    fireEvent.click(screen.getByRole("button", { name: "Save as a voice profile: Maya" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(detail);
    expect(screen.getByRole("button", { name: "Save as a voice profile: Maya" })).toBeEnabled();
  });

  it("renames as before when there are no detected speakers", () => {
    const onRename = jest.fn();
    render(<SpeakersDialog open onOpenChange={jest.fn()} names={["Speaker 1"]} onRename={onRename} />);
    fireEvent.change(screen.getByRole("textbox", { name: "New name for Speaker 1" }), { target: { value: "Host" } });
    fireEvent.click(screen.getByRole("button", { name: "Rename Speaker 1" }));
    expect(onRename).toHaveBeenCalledWith("Speaker 1", "Host");
    expect(screen.queryByRole("button", { name: /voice profile/ })).toBeNull();
  });
});
