import { isProtectedPath, isSignedOutOnlyPath, safeNextPath } from "./routes";

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
  ])("sends ?next=%j to %s after sign-in", (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
