import { z } from "zod";
import { PLAIN_PARSE, issueSentence } from "./issue-sentence";

const Body = z.object({
  title: z.string().trim().min(1).max(200),
  billing_interval: z.enum(["monthly", "annual"]).optional(),
  price_monthly: z.number().min(0).optional(),
  email: z.email().optional(),
  tags: z.array(z.string().max(5)).max(2).optional(),
  name: z.string().min(1, "Give the style a name.").optional(),
  value: z.union([z.string(), z.number(), z.boolean()]).optional(),
});

const sentence = (input: unknown) => {
  const result = Body.safeParse(input, PLAIN_PARSE);
  return result.success ? null : issueSentence(result.error, "fallback");
};

test("zod's own texts become plain sentences naming the field in words", () => {
  expect(sentence({ title: "x".repeat(201) })).toBe("Title must be 200 characters or fewer.");
  expect(sentence({ title: "  " })).toBe("Title cannot be empty.");
  expect(sentence({})).toBe("Title is required.");
  expect(sentence({ title: 7 })).toBe("Title must be text.");
  expect(sentence({ title: "a", billing_interval: "weekly" })).toBe('Billing interval must be "monthly" or "annual".');
  expect(sentence({ title: "a", price_monthly: -1 })).toBe("The monthly price must be 0 or more.");
  expect(sentence({ title: "a", email: "nope" })).toBe("Email must be a valid e-mail address.");
  expect(sentence({ title: "a", tags: ["a", "b", "c"] })).toBe("Tags can have at most 2 items.");
  expect(sentence({ title: "a", tags: ["a", "toolong"] })).toBe("Item 2 of tags must be 5 characters or fewer.");
  expect(sentence({ title: "a", value: [] })).toBe("Value must be text, a number, or true or false.");
  expect(sentence([1])).toBe("The request body must be a JSON object.");
  expect(sentence({ title: "a", name: "" })).toBe("Give the style a name.");
  // No "field:" prefix and no zod wording is left.
  expect(sentence({ title: "x".repeat(201) })).not.toMatch(/title:|expected|Too big/);
});
