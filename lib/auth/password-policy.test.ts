import { AUTH_MESSAGES } from "./messages";
import { passwordProblem } from "./password-policy";

describe("passwordProblem", () => {
  it.each([
    ["short1!", "PASSWORD_TOO_SHORT"],
    ["x".repeat(129) + "1", "PASSWORD_TOO_LONG"],
    ["password123", "WEAK_PASSWORD"],
    ["abcdefghij", "WEAK_PASSWORD"],
    ["1234567890123", "WEAK_PASSWORD"],
    ["aaaa1111aaaa", "WEAK_PASSWORD"],
    ["adalovelace7", "WEAK_PASSWORD"],
  ])("refuses %j as %s", (password, problem) => {
    expect(passwordProblem(password, "adalovelace@example.com")).toBe(problem);
  });

  it.each(["correct horse 9", "Tr4nscribe-me", "my audio, 2026"])("accepts %j", (password) => {
    expect(passwordProblem(password, "ada@example.com")).toBeNull();
  });

  it("has a sentence for every problem it reports", () => {
    for (const code of ["PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", "WEAK_PASSWORD"]) {
      expect(AUTH_MESSAGES[code]).toMatch(/\w+/);
    }
  });
});
