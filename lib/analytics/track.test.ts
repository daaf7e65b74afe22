/** @jest-environment jsdom */
import posthog from "posthog-js";
import { identify, initAnalytics, track, trackPageView } from "./track";

jest.mock("posthog-js", () => ({
  __esModule: true,
  default: { init: jest.fn(), capture: jest.fn(), identify: jest.fn(), reset: jest.fn() },
}));

const ph = posthog as unknown as Record<"init" | "capture" | "identify" | "reset", jest.Mock>;

describe("analytics", () => {
  it("does nothing without a key, and never loads the library", async () => {
    expect(await initAnalytics(undefined, undefined)).toBe(false);
    track("user_action", "clicked");
    trackPageView("/dashboard");
    identify("u1");
    expect(ph.init).not.toHaveBeenCalled();
    expect(ph.capture).not.toHaveBeenCalled();
    expect(ph.identify).not.toHaveBeenCalled();
  });

  it("with a key: loads on demand, starts once on the configured host, replays early events, tags events with their kind", async () => {
    const starting = initAnalytics("phc_test", "https://ph.example.test");
    trackPageView("/early");
    expect(await starting).toBe(true);
    expect(await initAnalytics("phc_test", "https://ph.example.test")).toBe(true);
    expect(ph.init).toHaveBeenCalledTimes(1);
    expect(ph.capture).toHaveBeenCalledWith("$pageview", { $current_url: "http://localhost/early" });
    expect(ph.init).toHaveBeenCalledWith("phc_test", expect.objectContaining({ api_host: "https://ph.example.test", capture_pageview: false }));

    track("transcription_action", "upload_started", { size: 3 });
    expect(ph.capture).toHaveBeenLastCalledWith("upload_started", { kind: "transcription_action", size: 3 });
    trackPageView("/account");
    expect(ph.capture).toHaveBeenLastCalledWith("$pageview", { $current_url: "http://localhost/account" });
    const { before_send } = ph.init.mock.calls[0][1] as { before_send: (e: unknown) => { properties: Record<string, unknown> } };
    expect(before_send({ event: "x", properties: { $current_url: "http://localhost/reset-password?token=s3cret" } }).properties).toEqual({
      $current_url: "http://localhost/reset-password?token=redacted",
    });
    identify("u1");
    expect(ph.identify).toHaveBeenCalledWith("u1");
    identify(null);
    expect(ph.reset).toHaveBeenCalled();
  });
});
