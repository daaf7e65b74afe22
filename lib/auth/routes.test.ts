import { isProtectedPath, isSignedOutOnlyPath, safeNextPath, verificationPageLink } from "./routes";

describe("route rules", () => {
  it.each(["/dashboard", "/transcription/abc", "/account", "/developers", "/admin", "/admin/users", "/workspace", "/invitations/inv-1"])("%s needs a session", (p) => {
    expect(isProtectedPath(p)).toBe(true);
  });
  it.each(["/", "/login", "/terms", "/about", "/dashboards", "/administrator", "/workspaces", "/invitations-old"])("%s does not", (p) => {
    expect(isProtectedPath(p)).toBe(false);
  });
  it("keeps signed-in users away from login and signup only", () => {
    expect(isSignedOutOnlyPath("/login")).toBe(true);
    expect(isSignedOutOnlyPath("/signup")).toBe(true);
    expect(isSignedOutOnlyPath("/forgot-password")).toBe(false);
  });
  it.each([
    [undefined, "/dashboard"],
    ["/account?tab=1", "/account?tab=1"],
    ["https://evil.example", "/dashboard"],
    ["//evil.example", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["/login", "/dashboard"],
    ["/login?x=1", "/dashboard"],
    ["/\t/evil.example", "/dashboard"],
    ["/\n/evil.example", "/dashboard"],
    ["/\r/evil.example", "/dashboard"],
    ["/%09/evil.example", "/%09/evil.example"], // stays a path on this site
    ["/transcription/abc#t=3", "/transcription/abc#t=3"],
    ["/.//evil.example", "/dashboard"],
    ["/..//evil.example", "/dashboard"],
    ["/a/..//evil.example/x", "/dashboard"],
    ["/a/../b", "/b"],
    [["/account", "/admin"], "/dashboard"], // a repeated ?next=
  ])("sends ?next=%j to %s after sign-in", (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  describe("the verification mail's link", () => {
    const betterAuth = (callback: string) => `http://app.test/api/auth/verify-email?token=t0k&callbackURL=${encodeURIComponent(callback)}`;
    it("carries where sign-up was going (an invitation) to the confirmation page", () => {
      const link = new URL(verificationPageLink("http://app.test", "t0k", betterAuth(`/login-success?next=${encodeURIComponent("/invitations/inv-1")}`)));
      expect(link.pathname).toBe("/verify-email");
      expect(link.searchParams.get("token")).toBe("t0k");
      expect(link.searchParams.get("next")).toBe("/invitations/inv-1");
    });
    it("keeps a plan's checkout with its query", () => {
      const link = new URL(verificationPageLink("http://app.test", "t0k", betterAuth(`/login-success?next=${encodeURIComponent("/billing/checkout/team?interval=annual")}`)));
      expect(link.searchParams.get("next")).toBe("/billing/checkout/team?interval=annual");
    });
    it.each([
      ["no callback", "http://app.test/api/auth/verify-email?token=t0k"],
      ["the dashboard", betterAuth("/login-success?next=%2Fdashboard")],
      ["another site", betterAuth("https://evil.example/login-success?next=/invitations/x")],
      ["another site as next", betterAuth(`/login-success?next=${encodeURIComponent("//evil.example")}`)],
      ["a broken link", "not a url"],
      ["any other page (the sender chose it)", betterAuth(`/login-success?next=${encodeURIComponent("/account")}`)],
      ["a way off the site", betterAuth(`/login-success?next=${encodeURIComponent("/.//evil.example")}`)],
    ])("adds no next for %s", (_, given) => {
      const link = new URL(verificationPageLink("http://app.test", "t0k", given));
      expect(link.searchParams.get("next")).toBeNull();
      expect(link.searchParams.get("token")).toBe("t0k");
    });
  });
});
