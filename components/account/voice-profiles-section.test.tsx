/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderFresh } from "@/test/support/admin-fixtures";
import { fakeFetch } from "@/test/support/fake-fetch";
import { VoiceProfilesSection } from "./voice-profiles-section";

const profile = (id: string, name: string, diarizer: "sherpa-onnx" | "basic", samples: number) => ({
  id,
  name,
  diarizer,
  samples,
  created_at: "2026-11-20T10:00:00Z",
  updated_at: "2026-11-21T10:00:00Z",
});

describe("the account page's voice profiles", () => {
  it("says how to make one when there are none", async () => {
    fakeFetch({ "GET /api/voice-profiles": { body: { voice_profiles: [] } } });
    renderFresh(<VoiceProfilesSection />);
    expect(await screen.findByText("No voice profiles yet. In a transcript, open Speakers and save a speaker as a voice profile.")).toBeInTheDocument();
  });

  it("lists each profile with its detector and how often it was saved, and deletes one after asking", async () => {
    let listed = [profile("p-1", "Maya", "sherpa-onnx", 3), profile("p-2", "Tom", "basic", 1)];
    const { calls } = fakeFetch({
      "GET /api/voice-profiles": () => ({ body: { voice_profiles: listed } }),
      "DELETE /api/voice-profiles/p-1": () => {
        listed = listed.filter((p) => p.id !== "p-1");
        return { status: 204, raw: "" };
      },
    });
    renderFresh(<VoiceProfilesSection />);
    const section = await screen.findByRole("region", { name: "Voice profiles" });
    await within(section).findByText("Maya");
    expect(section).toHaveTextContent("speaker model · saved 3 times");
    expect(section).toHaveTextContent("basic detector · saved once");

    fireEvent.click(within(section).getByRole("button", { name: "Delete Maya (speaker model)" }));
    const dialog = screen.getByRole("dialog", { name: "Delete the voice profile “Maya”?" });
    expect(dialog).toHaveTextContent("Its saved voice is removed for good");
    expect(calls.filter((c) => c.method === "DELETE")).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(within(section).queryByText("Maya")).toBeNull());
    expect(within(section).getByText("Tom")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual(["/api/voice-profiles/p-1"]);
  });

  it("keeps the dialog open with the server's sentence when the deletion fails", async () => {
    fakeFetch({
      "GET /api/voice-profiles": { body: { voice_profiles: [profile("p-1", "Maya", "sherpa-onnx", 1)] } },
      "DELETE /api/voice-profiles/p-1": { status: 404, body: { detail: "This voice profile does not exist." } },
    });
    renderFresh(<VoiceProfilesSection />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete Maya (speaker model)" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This voice profile does not exist.");
  });
});
