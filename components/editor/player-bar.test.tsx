/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { PlayerBar } from "./player-bar";
import { usePlayback } from "./use-playback";

const KEY = "verbatim-playback-rate";

function Player() {
  const playback = usePlayback();
  return <PlayerBar src="/audio.wav" playback={playback} />;
}

const speed = () => screen.getByRole("combobox", { name: "Playback speed" });
const audio = () => screen.getByTestId<HTMLAudioElement>("audio");

/** jsdom plays nothing: give the element a length and announce it, as a browser does once it has read the file. */
function loaded(seconds: number) {
  Object.defineProperty(audio(), "duration", { configurable: true, value: seconds });
  fireEvent.loadedMetadata(audio());
}

afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

describe("the player's speed", () => {
  it("is remembered in this browser and comes back on the next page", async () => {
    const first = render(<Player />);
    expect(speed()).toHaveValue("1");
    fireEvent.change(speed(), { target: { value: "1.5" } });
    expect(audio().playbackRate).toBe(1.5);
    expect(localStorage.getItem(KEY)).toBe("1.5");
    first.unmount();

    render(<Player />);
    await waitFor(() => expect(speed()).toHaveValue("1.5"));
    expect(audio().playbackRate).toBe(1.5);
    // Loading the file resets an element's speed; the chosen one is kept.
    audio().playbackRate = 1;
    loaded(11);
    expect(audio().playbackRate).toBe(1.5);
  });

  it.each(["3", "abc", "", "0", "Infinity", "1.5; drop table", '{"rate":2}'])("falls back to 1× for a stored %j", (stored) => {
    localStorage.setItem(KEY, stored);
    // render() returns after the effects ran, the one restoring the speed included.
    render(<Player />);
    expect(audio().playbackRate).toBe(1);
    expect(speed()).toHaveValue("1");
  });

  it("still changes the speed when the browser refuses storage", async () => {
    jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    render(<Player />);
    fireEvent.change(speed(), { target: { value: "2" } });
    await waitFor(() => expect(speed()).toHaveValue("2"));
    expect(audio().playbackRate).toBe(2);
  });
});

describe("the player's seek bar", () => {
  it("waits for the file's length, then moves the audio without starting it", () => {
    render(<Player />);
    const seek = screen.getByRole("slider", { name: "Seek" });
    expect(seek).toBeDisabled();
    loaded(11);
    expect(seek).toBeEnabled();
    expect(seek).toHaveAttribute("max", "11000");
    expect(screen.getByTestId("player-time")).toHaveTextContent("00:00 / 00:11");
    fireEvent.change(seek, { target: { value: "5600" } });
    expect(audio().currentTime).toBeCloseTo(5.6);
    expect(seek).toHaveAttribute("aria-valuetext", "00:05 of 00:11");
    expect(screen.getByRole("button", { name: "Play" })).toBeInTheDocument();
  });
});
