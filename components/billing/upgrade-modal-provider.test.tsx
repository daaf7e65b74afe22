/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { usePathname } from "next/navigation";
import { useSession } from "@/components/session/session-provider";
import { track } from "@/lib/analytics/track";
import { PLANS_RESPONSE, subscription } from "@/test/support/billing-plans";
import { fakeFetch } from "@/test/support/fake-fetch";
import { UpgradeButton } from "./upgrade-button";
import { UpgradeModalProvider, useUpgradeModal } from "./upgrade-modal-provider";

jest.mock("@/components/session/session-provider", () => ({ useSession: jest.fn() }));
jest.mock("@/lib/analytics/track", () => ({ track: jest.fn() }));
jest.mock("next/navigation", () => ({ usePathname: jest.fn(() => "/dashboard") }));
jest.mock("./browser", () => ({ reloadPage: jest.fn(), goTo: jest.fn() }));

const USER = { id: "u1", email: "ada@example.test", name: "Ada", picture: null, is_admin: false, is_verified: true };

function session(overrides: Partial<ReturnType<typeof useSession>> = {}) {
  (useSession as jest.Mock).mockReturnValue({ status: "authenticated", user: USER, shouldShowOnboarding: false, checkId: 1, refresh: jest.fn(), clear: jest.fn(), ...overrides });
}

let calls: ReturnType<typeof fakeFetch>["calls"];
beforeEach(() => {
  jest.clearAllMocks();
  const fetcher = fakeFetch({
    "GET /api/subscriptions/plans": { body: PLANS_RESPONSE },
    "GET /api/subscriptions/current": { body: subscription() },
    "POST /api/subscriptions/onboarding-seen": { body: { ok: true } },
  });
  calls = fetcher.calls;
  global.fetch = fetcher.fn as unknown as typeof fetch;
});

const seenPosts = () => calls.filter((c) => c.method === "POST" && c.url === "/api/subscriptions/onboarding-seen");
const dialog = () => screen.queryByRole("dialog", { name: "Choose your plan" });

function Page({ ready = true }: { ready?: boolean }) {
  return (
    <UpgradeModalProvider ready={ready}>
      <UpgradeButton />
    </UpgradeModalProvider>
  );
}

describe("UpgradeModalProvider", () => {
  it("opens by itself for onboarding once the shell is ready; closing reports it seen, once, and it stays closed", async () => {
    session({ shouldShowOnboarding: true });
    const { rerender } = render(<Page ready={false} />);
    expect(dialog()).not.toBeInTheDocument();
    rerender(<Page ready />);
    // The modal's code loads when first needed (next/dynamic): it is there once that resolves.
    expect(await screen.findByRole("dialog", { name: "Choose your plan" })).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith("user_action", "subscription_modal_opened", { source: "onboarding" });

    fireEvent.click(await screen.findByRole("button", { name: "Stay on Free Plan for Now" }));
    expect(dialog()).not.toBeInTheDocument();
    await waitFor(() => expect(seenPosts()).toMatchObject([{ method: "POST", url: "/api/subscriptions/onboarding-seen", body: null }]));
    expect(track).toHaveBeenCalledWith("user_action", "subscription_modal_closed", { source: "onboarding" });

    // The session still says "show onboarding" (checked once per session): it stays closed.
    rerender(<Page ready />);
    expect(dialog()).not.toBeInTheDocument();

    // Opened again by hand and closed with Escape: not reported a second time.
    fireEvent.click(screen.getByRole("button", { name: "Upgrade" }));
    expect(dialog()).toBeInTheDocument();
    await screen.findByTestId("plan-card-pro");
    fireEvent.keyDown(dialog()!, { key: "Escape" });
    expect(dialog()).not.toBeInTheDocument();
    expect(seenPosts()).toHaveLength(1);
  });

  it("without onboarding it stays closed until opened; closing it reports nothing", async () => {
    session();
    render(<Page />);
    expect(dialog()).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Upgrade" }));
    expect(dialog()).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith("user_action", "subscription_modal_opened", { source: "manual" });
    fireEvent.click(await screen.findByRole("button", { name: "Stay on Free Plan for Now" }));
    expect(dialog()).not.toBeInTheDocument();
    expect(track).toHaveBeenCalledWith("user_action", "subscription_modal_closed", { source: "manual" });
    expect(seenPosts()).toEqual([]);
  });

  it("reports onboarding seen before leaving for checkout", async () => {
    session({ shouldShowOnboarding: true });
    global.fetch = fakeFetch({
      "GET /api/subscriptions/plans": { body: PLANS_RESPONSE },
      "GET /api/subscriptions/current": { body: subscription() },
      "POST /api/subscriptions/create-checkout-session": { body: { checkout_url: "https://checkout.example.test/s/3" } },
      "POST /api/subscriptions/onboarding-seen": { body: { ok: true } },
    }).fn as unknown as typeof fetch;
    const { goTo } = jest.requireMock("./browser") as { goTo: jest.Mock };
    const fetchMock = global.fetch as unknown as jest.Mock;
    render(<Page />);
    fireEvent.click(await screen.findByRole("button", { name: "Choose Pro" }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("https://checkout.example.test/s/3"));
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/subscriptions/onboarding-seen")).toHaveLength(1);
  });

  it("signed-out visitors get no modal", () => {
    session({ status: "unauthenticated", user: null, shouldShowOnboarding: true });
    render(<Page />);
    fireEvent.click(screen.getByRole("button", { name: "Upgrade" }));
    expect(dialog()).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("useUpgradeModal needs the provider", () => {
    function Orphan() {
      useUpgradeModal();
      return null;
    }
    const quiet = jest.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow("useUpgradeModal must be used inside <UpgradeModalProvider>");
    quiet.mockRestore();
  });

  it.each(["/invitations/inv-1", "/billing/demo-checkout/c-1", "/billing/checkout/team"])("never opens by itself on %s, which it would cover", async (path) => {
    (usePathname as jest.Mock).mockReturnValue(path);
    session({ shouldShowOnboarding: true });
    render(<Page ready />);
    // Given the time the modal's code takes to load elsewhere (first test), it is still not there.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(dialog()).not.toBeInTheDocument();
    expect(track).not.toHaveBeenCalledWith("user_action", "subscription_modal_opened", { source: "onboarding" });
    // The button still opens it on purpose.
    fireEvent.click(screen.getByRole("button", { name: /upgrade/i }));
    expect(await screen.findByRole("dialog", { name: "Choose your plan" })).toBeInTheDocument();
    (usePathname as jest.Mock).mockReturnValue("/dashboard");
  });
});
