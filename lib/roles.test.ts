import { atLeast, isWorkspaceRole, mayChangeIn, mayDeleteIn, mayManageIn, WORKSPACE_ROLES } from "./roles";

describe("workspace roles", () => {
  it("rank owner over admin over member over viewer; no role is below every one", () => {
    expect(WORKSPACE_ROLES.filter((r) => atLeast(r, "admin"))).toEqual(["owner", "admin"]);
    expect(WORKSPACE_ROLES.filter((r) => atLeast(r, "viewer"))).toEqual(["owner", "admin", "member", "viewer"]);
    expect(atLeast(null, "viewer")).toBe(false);
  });

  it("let every role but a viewer change things, and owners and admins manage the workspace", () => {
    expect(WORKSPACE_ROLES.filter(mayChangeIn)).toEqual(["owner", "admin", "member"]);
    expect(WORKSPACE_ROLES.filter(mayManageIn)).toEqual(["owner", "admin"]);
    expect([mayChangeIn(null), mayManageIn(null)]).toEqual([false, false]);
  });

  it("let owners and admins delete any of the workspace's transcriptions, and a member their own uploads", () => {
    expect(WORKSPACE_ROLES.filter((r) => mayDeleteIn(r, false))).toEqual(["owner", "admin"]);
    expect(WORKSPACE_ROLES.filter((r) => mayDeleteIn(r, true))).toEqual(["owner", "admin", "member"]);
    expect(mayDeleteIn(null, true)).toBe(false);
  });

  it("know a role by its name only", () => {
    expect(["owner", "viewer", "guest", "toString", ""].map(isWorkspaceRole)).toEqual([true, true, false, false, false]);
  });
});
