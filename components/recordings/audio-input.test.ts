import { permissionMessage, recordingFileName } from "./audio-input";

describe("permissionMessage", () => {
  const err = (name: string) => Object.assign(new Error(name), { name });
  it("explains a refused permission for each mode", () => {
    expect(permissionMessage(err("NotAllowedError"), "mic")).toBe(
      "Recording needs permission to use your microphone. Allow it in your browser's address bar and try again.",
    );
    expect(permissionMessage(err("NotAllowedError"), "tab-mic")).toMatch(/microphone and to share a tab with its audio/);
  });
  it("explains missing or busy devices and a tab shared without audio", () => {
    expect(permissionMessage(err("NotFoundError"), "mic")).toBe("No microphone was found. Connect one and try again.");
    expect(permissionMessage(err("NotReadableError"), "mic")).toBe("Your microphone is in use by another application.");
    expect(permissionMessage(err("NoTabAudio"), "tab-mic")).toMatch(/Share tab audio/);
    expect(permissionMessage(new Error("?"), "mic")).toBe("Recording could not start in this browser.");
  });
});

describe("recordingFileName", () => {
  const at = new Date(2026, 10, 28, 14, 5);
  it("names a microphone recording and a call by when they were made, with their format's extension", () => {
    expect(recordingFileName(new Blob([], { type: "audio/webm;codecs=opus" }), "mic", at)).toMatch(/^Recording .*2026.*\.webm$/);
    expect(recordingFileName(new Blob([], { type: "audio/mp4" }), "tab-mic", at)).toMatch(/^Call recording .*\.m4a$/);
    expect(recordingFileName(new Blob([], { type: "audio/ogg" }), "mic", at)).toMatch(/\.ogg$/);
  });

  it("keeps out the characters a file system refuses, and falls back to webm for an unknown format", () => {
    const name = recordingFileName(new Blob([], { type: "" }), "mic", at);
    expect(name).not.toMatch(/[/:]/);
    expect(name).toMatch(/\.webm$/);
  });
});
