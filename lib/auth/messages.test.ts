import { authMessage } from "./messages";

describe("authMessage: plain sentences, never validator output", () => {
  it.each([
    ["[body.email] Invalid email address", "Enter a valid email address."],
    ["[body.password] Invalid input: expected string, received undefined", "Enter a password."],
    ["[body.name] Invalid input; [body.email] Invalid email address", "Enter your name."],
    ["[body] Invalid input", "Some fields are missing or not valid. Check them and try again."],
  ])("%j → %j", (raw, sentence) => {
    expect(authMessage("VALIDATION_ERROR", raw)).toBe(sentence);
  });
});
