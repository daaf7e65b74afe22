import { permissionMessage } from "./audio-input";

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
