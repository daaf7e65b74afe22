import { act } from "@testing-library/react";
import type { ApiTranscription } from "@/lib/api/contract/transcription";

/** A stand-in for the browser's EventSource: the test delivers the status stream's messages. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  deliver(t: ApiTranscription) {
    act(() => this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(t) })));
  }
  close() {}
}

/** Puts the stand-in in place of window.EventSource, none opened yet (for a beforeEach). */
export function installFakeEventSource() {
  FakeEventSource.opened = [];
  Object.defineProperty(window, "EventSource", { configurable: true, writable: true, value: FakeEventSource });
}
