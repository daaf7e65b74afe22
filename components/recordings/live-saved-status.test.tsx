/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import { LiveSavedStatus } from "./live-saved-status";

const SAVED = { id: "t-1", title: "Recording 3 May 2025, 10:00" };

describe("the line after stopping a live recording", () => {
  it("says the full-quality transcript is being made, with a link to the recording", () => {
    render(<LiveSavedStatus saved={SAVED} ended={false} failed={false} hasText />);
    expect(screen.getByRole("status")).toHaveTextContent("Saved as Recording 3 May 2025, 10:00. Making the full-quality transcript…");
    expect(screen.getByRole("link", { name: SAVED.title })).toHaveAttribute("href", "/transcription/t-1");
  });

  it("goes once the full-quality transcript is made, or the recording is gone", () => {
    const { container, rerender } = render(<LiveSavedStatus saved={SAVED} ended failed={false} hasText />);
    expect(container).toBeEmptyDOMElement();
    rerender(<LiveSavedStatus saved={SAVED} ended failed={false} hasText />);
    expect(container).toBeEmptyDOMElement();
  });

  it("says so when the full-quality pass failed", () => {
    const { rerender } = render(<LiveSavedStatus saved={SAVED} ended failed hasText />);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Saved as Recording 3 May 2025, 10:00. The full-quality transcript could not be made, so the live text was kept.",
    );
    rerender(<LiveSavedStatus saved={SAVED} ended failed hasText={false} />);
    expect(screen.getByRole("status")).toHaveTextContent("Saved as Recording 3 May 2025, 10:00. The full-quality transcript could not be made.");
  });
});
