import { eq } from "drizzle-orm";
import { entitlementsFor } from "@/lib/billing/entitlements";
import { auditLog, languageTiers } from "@/lib/db/schema";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { PLAIN_PARSE, issueSentence } from "@/lib/http/issue-sentence";
import { TierPatchBody } from "@/lib/api/contract/admin";
import { tiersForAdmin, updateTier } from "./tier-editing";

const OPERATOR = { id: "op-1", email: "ops1@verbatim.test" };

function problem(input: unknown): string | null {
  const result = TierPatchBody.safeParse(input, PLAIN_PARSE);
  return result.success ? null : issueSentence(result.error, "");
}

describe("the language tier edit rules (spec §5)", () => {
  it("reads 'code: Name' lines, split at the first colon, ignoring lines lacking a code or a name", () => {
    expect(TierPatchBody.parse({ languages: "en: English\n: Nobody\nfr:\nxx no colon\nsr: Serbian: Latin" }).languages).toEqual({
      en: "English",
      sr: "Serbian: Latin",
    });
  });

  it("takes a map too, trimmed, with empty codes or names dropped", () => {
    expect(TierPatchBody.parse({ languages: { " de ": " German ", "": "Nameless", it: "  " } }).languages).toEqual({ de: "German" });
  });

  it("refuses a tier left with no language, and codes that are not language codes", () => {
    expect(problem({ languages: ": x\n\n" })).toBe("A tier needs at least one language.");
    expect(problem({ languages: "English: en" })).toBe('Not a language code (ISO 639-1, e.g. en): "English".');
    expect(problem({ description: "" })).toBe("The description cannot be empty.");
    expect(problem({ languages: 42 })).toBe("Languages must be text or an object.");
  });

  it("accepts regional and three-letter codes", () => {
    expect(TierPatchBody.parse({ languages: "haw: Hawaiian\npt-BR: Portuguese (Brazil)" }).languages).toEqual({ haw: "Hawaiian", "pt-BR": "Portuguese (Brazil)" });
  });
});

describe.each(BACKENDS)("updateTier on %s", (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("changes every plan that lists the tier at once, and audits before and after", async () => {
    const { db } = t.handle;
    const user = await insertUser(db, "pro");
    const count = async () => Object.keys((await entitlementsFor(db, user)).languages).length;
    expect(await count()).toBe(33);

    const tier = await updateTier(db, OPERATOR, "extended", TierPatchBody.parse({ languages: "ru: Russian\nar: Arabic", description: "Two more" }));
    expect(tier).toMatchObject({ id: "extended", description: "Two more", languages: { ru: "Russian", ar: "Arabic" } });
    expect(await count()).toBe(12);
    expect((await tiersForAdmin(db)).map((tier) => tier.id)).toEqual(["core", "extended", "global"]);

    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, "extended"));
    expect(entry).toMatchObject({ action: "language_tier.updated", summary: "Changed language tier extended: description, languages (23 → 2 languages)" });
    expect(Object.keys((entry.before as { languages: object }).languages)).toHaveLength(23);
  });

  it("answers 404 for an unknown tier and changes nothing", async () => {
    const { db } = t.handle;
    const before = await db.select().from(languageTiers);
    await expect(updateTier(db, OPERATOR, "martian", TierPatchBody.parse({ description: "x" }))).rejects.toMatchObject({
      kind: "not_found",
      message: "Language tier not found.",
    });
    expect(await db.select().from(languageTiers)).toEqual(before);
  });
});
