/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen } from "@testing-library/react";
import type { ApiUser } from "@/lib/api/contract/account";
import { MobileMenu } from "./mobile-menu";

const USER = { id: "u-1", name: "Ada", email: "ada@example.com", picture: null, is_admin: false } as unknown as ApiUser;

beforeAll(() => {
  // jsdom has no matchMedia; the menu only listens for the breakpoint change.
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});

test("opening the menu focuses its first item, never Logout, so a second Enter does not log out", () => {
  const onLogout = jest.fn();
  render(<MobileMenu user={USER} onLogout={onLogout} />);
  fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
  expect(screen.getByRole("link", { name: "Dashboard" })).toHaveFocus();
  expect(screen.getByRole("button", { name: "Logout" })).not.toHaveFocus();
  expect(onLogout).not.toHaveBeenCalled();
});
