import { WORKSPACE_NAME_CONTROL, WORKSPACE_NAME_EMPTY, WORKSPACE_NAME_MAX, WORKSPACE_NAME_TOO_LONG, workspaceNameProblem, workspaceSlug } from "./workspace-name";

describe("a workspace's name", () => {
  it.each([
    ["Acme", null],
    ["  Acme research  ", null],
    ["Équipe Zürich 日本", null],
    ["a".repeat(WORKSPACE_NAME_MAX), null],
    ["", WORKSPACE_NAME_EMPTY],
    ["   ", WORKSPACE_NAME_EMPTY],
    [undefined, WORKSPACE_NAME_EMPTY],
    [42, WORKSPACE_NAME_EMPTY],
    ["a".repeat(WORKSPACE_NAME_MAX + 1), WORKSPACE_NAME_TOO_LONG],
    ["Acme\nInc", WORKSPACE_NAME_CONTROL],
    ["Acme\u0000", WORKSPACE_NAME_CONTROL],
  ])("%j → %j", (name, problem) => {
    expect(workspaceNameProblem(name)).toBe(problem);
  });
});

describe("a new workspace's slug", () => {
  it("is the name in lower-case ASCII words and the suffix", () => {
    expect(workspaceSlug("Acme Research Ltd.", "x1y2z3")).toBe("acme-research-ltd-x1y2z3");
    expect(workspaceSlug("Équipe Zürich", "abc")).toBe("equipe-zurich-abc");
  });

  it("stands for names without ASCII letters, and stays short", () => {
    expect(workspaceSlug("日本", "abc")).toBe("workspace-abc");
    expect(workspaceSlug("--", "abc")).toBe("workspace-abc");
    expect(workspaceSlug("a".repeat(200), "abc")).toBe(`${"a".repeat(40)}-abc`);
  });

  it("gets a random suffix each time, so two teams of the same name never meet", () => {
    const a = workspaceSlug("Acme");
    const b = workspaceSlug("Acme");
    expect(a).toMatch(/^acme-[a-z0-9]{6}$/);
    expect(a).not.toBe(b);
  });
});
