import { z } from "zod";
import { isDomainError } from "@/lib/errors/domain-error";
import { parseJsonBody } from "./body";
import { STATUS_OF } from "./error-response";

const schema = z.object({ name: z.string().min(1), count: z.number().int() });
const req = (body: string) => new Request("http://x/", { method: "POST", body });

/** The DomainError a refused body throws. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isDomainError(error)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe("parseJsonBody", () => {
  it("returns the validated data", async () => {
    expect(await parseJsonBody(req('{"name":"a","count":2}'), schema)).toEqual({ name: "a", count: 2 });
  });
  it("refuses a body over the limit with 413", async () => {
    const error = await refusal(parseJsonBody(req(`{"name":"${"x".repeat(100)}","count":1}`), schema, 50));
    expect(STATUS_OF[error.kind]).toBe(413);
  });

  it.each([
    ['{"name":', 400, "not valid JSON"],
    ['{"name":"a\\u0000b","count":2}', 400, "NUL"],
    ['{"name":"a","count":"2"}', 422, "Count must be a number."],
    ['{"count":2}', 422, "Name is required."],
    ["", 422, "The request body must be a JSON object."],
    ["[1,2]", 422, "The request body must be a JSON object."],
  ])("answers %j with %d and a detail", async (body, status, words) => {
    const error = await refusal(parseJsonBody(req(body), schema));
    expect(STATUS_OF[error.kind]).toBe(status);
    expect(error.message).toContain(words);
    expect(error.message.length).toBeGreaterThan(3);
  });
});
