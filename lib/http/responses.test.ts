import { jsonInParts } from "./responses";

describe("jsonInParts", () => {
  it.each([0, 1, 199, 200, 201, 3600])("answers %i items as the JSON of the whole, in parts", async (count) => {
    const items = Array.from({ length: count }, (_, i) => ({ position: i, text: `segment "${i}"` }));
    const answer = jsonInParts({ version: 7 }, "segments", items);
    expect(answer.headers.get("content-type")).toBe("application/json");
    const reader = answer.body!.getReader();
    let text = "";
    let parts = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      text += new TextDecoder().decode(read.value);
      parts++;
    }
    expect(JSON.parse(text)).toEqual({ version: 7, segments: items });
    expect(parts).toBe(Math.max(1, Math.ceil(count / 200)));
  });
});
