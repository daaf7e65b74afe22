import { act } from "@testing-library/react";
import type { ApiTranscription } from "@/lib/api/contract/transcription";

/** A stand-in for the browser's EventSource: the test delivers the status stream's messages. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readyState = FakeEventSource.CONNECTING;
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  /** Delivers a named event (`event: changes`), as the edit stream sends them. */
  emit(type: string, data: unknown) {
    act(() => this.listeners.get(type)?.forEach((listener) => listener(new MessageEvent(type, { data: JSON.stringify(data) }))));
  }
  deliver(t: ApiTranscription) {
    act(() => this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(t) })));
  }
  /** The connection opened (`open`), or the server answered with an error status: the browser gives up (`error`, CLOSED). */
  connect(outcome: "open" | "refused") {
    this.readyState = outcome === "open" ? FakeEventSource.OPEN : FakeEventSource.CLOSED;
    this.emit(outcome === "open" ? "open" : "error", null);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

/** Puts the stand-in in place of window.EventSource, none opened yet (for a beforeEach). */
export function installFakeEventSource() {
  FakeEventSource.opened = [];
  Object.defineProperty(window, "EventSource", { configurable: true, writable: true, value: FakeEventSource });
}
