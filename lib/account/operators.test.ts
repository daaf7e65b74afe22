import { isOperator, operatorEmails } from "./operators";

describe("operator allow-list", () => {
  afterEach(() => {
    delete process.env.OPERATOR_EMAILS;
  });

  it("parses a comma-separated list, trimmed and case-insensitive", () => {
    expect([...operatorEmails(" A@x.com, b@X.com ,,c@x.com ")]).toEqual(["a@x.com", "b@x.com", "c@x.com"]);
  });

  it("decides from OPERATOR_EMAILS", () => {
    process.env.OPERATOR_EMAILS = "ops1@verbatim.test,ops2@verbatim.test,ops3@verbatim.test";
    expect(isOperator("OPS2@verbatim.test")).toBe(true);
    expect(isOperator("someone@verbatim.test")).toBe(false);
    expect(isOperator(null)).toBe(false);
  });
});
