import { z } from "zod";
import { isDomainError } from "@/lib/errors/domain-error";
import { parseJsonBody } from "./body";
import { STATUS_OF } from "./error-response";
import { MAX_JSON_DEPTH } from "./json-depth";

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

  it("refuses JSON nested 20,000 deep with 400 and a sentence, before anything recursive runs", async () => {
    const deep = "[".repeat(20_000) + "]".repeat(20_000);
    const error = await refusal(parseJsonBody(req(`{"name":${deep},"count":1}`), schema));
    expect(STATUS_OF[error.kind]).toBe(400);
    expect(error.message).toBe("The request body is nested too deeply: use at most 64 levels of arrays and objects.");
    const objects = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000); // as deep as 64 KiB holds
    expect(STATUS_OF[(await refusal(parseJsonBody(req(objects), schema))).kind]).toBe(400);
  });

  it("reads a body nested exactly as deep as allowed", async () => {
    const nested = "[".repeat(MAX_JSON_DEPTH - 1) + "]".repeat(MAX_JSON_DEPTH - 1);
    expect(await parseJsonBody(req(`{"name":"a","count":1,"nested":${nested}}`), schema.loose())).toMatchObject({ name: "a" });
  });
});
