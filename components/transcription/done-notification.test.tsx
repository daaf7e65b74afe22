/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { NotifyWhenDone, notifyEnded } from "./done-notification";

/** A stand-in for the browser's Notification API that records what the page raised. */
class RecordingNotification {
  static permission: NotificationPermission = "default";
  static answer: NotificationPermission = "granted";
  static raised: RecordingNotification[] = [];
  static requestPermission = jest.fn(async () => (RecordingNotification.permission = RecordingNotification.answer));
  onclick: (() => void) | null = null;
  close = jest.fn();
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    RecordingNotification.raised.push(this);
  }
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
}

beforeEach(() => {
  Object.defineProperty(window, "Notification", { configurable: true, writable: true, value: RecordingNotification });
  RecordingNotification.permission = "default";
  RecordingNotification.answer = "granted";
  RecordingNotification.raised = [];
  setHidden(true);
});

const job = { id: "t1", title: "Board call" };

test("a transcription that ends while the tab is in the background raises one notification; clicking it focuses the tab", () => {
  RecordingNotification.permission = "granted";
  const focus = jest.spyOn(window, "focus").mockImplementation(() => {});
  notifyEnded({ ...job, status: "done" });
  expect(RecordingNotification.raised).toHaveLength(1);
  const [shown] = RecordingNotification.raised;
  expect(shown.title).toBe("Your transcript is ready");
  expect(shown.options.body).toBe("“Board call” is ready to read and edit.");
  shown.onclick?.();
  expect(focus).toHaveBeenCalled();
  expect(shown.close).toHaveBeenCalled();

  notifyEnded({ ...job, status: "failed" });
  expect(RecordingNotification.raised[1].title).toBe("The transcription failed");
});

test("no notification when the tab is in front, without permission, or for a state that is not an end", () => {
  RecordingNotification.permission = "granted";
  setHidden(false);
  notifyEnded({ ...job, status: "done" });
  setHidden(true);
  notifyEnded({ ...job, status: "processing" });
  RecordingNotification.permission = "default";
  notifyEnded({ ...job, status: "done" });
  expect(RecordingNotification.raised).toHaveLength(0);
});

test("the button asks for permission and then says notifications are on", async () => {
  render(<NotifyWhenDone />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Notify me when it's done" })));
  expect(RecordingNotification.requestPermission).toHaveBeenCalled();
  expect(screen.getByText(/You will get a browser notification when it is done/)).toBeInTheDocument();
  expect(screen.queryByRole("button")).not.toBeInTheDocument();
});

test("a refused permission is said plainly", async () => {
  RecordingNotification.answer = "denied";
  render(<NotifyWhenDone />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Notify me when it's done" })));
  expect(screen.getByText(/Notifications are blocked for this site in your browser/)).toBeInTheDocument();
});

test("nothing is offered where the browser has no Notification API", () => {
  Reflect.deleteProperty(window, "Notification");
  const { container } = render(<NotifyWhenDone />);
  expect(container).toBeEmptyDOMElement();
});
