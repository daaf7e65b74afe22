import { z } from "zod";
import { parseJsonBody } from "./body";

const schema = z.object({ name: z.string().min(1), count: z.number().int() });
const req = (body: string) => new Request("http://x/", { method: "POST", body });

describe("parseJsonBody", () => {
  it("returns the validated data", async () => {
    expect(await parseJsonBody(req('{"name":"a","count":2}'), schema)).toEqual({ ok: true, data: { name: "a", count: 2 } });
  });
  it("refuses a body over the limit with 413", async () => {
    const result = await parseJsonBody(req(`{"name":"${"x".repeat(100)}","count":1}`), schema, 50);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.response.status).toBe(413);
  });

  it.each([
    ['{"name":', 400, "not valid JSON"],
    ['{"name":"a\\u0000b","count":2}', 400, "NUL"],
    ['{"name":"a","count":"2"}', 422, "count:"],
    ['{"count":2}', 422, "name:"],
    ["", 422, ""],
    ["[1,2]", 422, ""],
  ])("answers %j with %d and a detail", async (body, status, words) => {
    const result = await parseJsonBody(req(body), schema);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.response.status).toBe(status);
      const json = (await result.response.json()) as { detail: string };
      expect(json.detail).toContain(words);
      expect(json.detail.length).toBeGreaterThan(3);
    }
  });
});
