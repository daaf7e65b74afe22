import { AUTH_MESSAGES } from "./messages";
import { passwordProblem } from "./password-policy";

describe("passwordProblem", () => {
  it.each([
    ["short1!", "PASSWORD_TOO_SHORT"],
    ["x".repeat(129) + "1", "PASSWORD_TOO_LONG"],
    ["password123", "PASSWORD_COMMON"],
    ["abcdefghij", "PASSWORD_ONE_KIND"],
    ["1234567890123", "PASSWORD_ONE_KIND"],
    ["aaaa1111aaaa", "PASSWORD_FEW_CHARACTERS"],
    ["adalovelace7", "PASSWORD_CONTAINS_EMAIL"],
  ])("refuses %j as %s", (password, problem) => {
    expect(passwordProblem(password, "adalovelace@example.com")).toBe(problem);
  });

  it.each(["correct horse 9", "Tr4nscribe-me", "my audio, 2026"])("accepts %j", (password) => {
    expect(passwordProblem(password, "ada@example.com")).toBeNull();
  });

  it("has a sentence for every problem it reports", () => {
    for (const code of ["PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", "PASSWORD_COMMON", "PASSWORD_ONE_KIND", "PASSWORD_FEW_CHARACTERS", "PASSWORD_CONTAINS_EMAIL"]) {
      expect(AUTH_MESSAGES[code]).toMatch(/\w+/);
    }
  });

  it("says the rule that failed: a password containing the e-mail name is refused for that, not as 'too easy to guess'", () => {
    expect(AUTH_MESSAGES[passwordProblem("adalovelace7", "adalovelace@example.com") ?? ""]).toBe(
      "Your password must not contain the part of your email address before the @.",
    );
  });
});
