import { atLeast, isWorkspaceRole, mayChangeIn, mayManageIn, WORKSPACE_ROLES } from "./roles";

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

  it("know a role by its name only", () => {
    expect(["owner", "viewer", "guest", "toString", ""].map(isWorkspaceRole)).toEqual([true, true, false, false, false]);
  });
});
