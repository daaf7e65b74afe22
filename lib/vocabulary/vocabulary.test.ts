import type { Database } from "@/lib/db/client";
import { MAX_TERMS_PER_SPACE } from "@/lib/api/contract/vocabulary";
import { ROLE_TOO_LOW, WORKSPACE_NOT_FOUND } from "@/lib/access/roles";
import { DomainError } from "@/lib/errors/domain-error";
import { type WorkspaceRole } from "@/lib/roles";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { addMember, insertWorkspace } from "@/test/support/workspaces";
import { addRule, deleteRule, listRules, RULE_NOT_FOUND, updateRule } from "./rules";
import { checkedUploadTerms } from "./shape";
import { wordRulesFor } from "./snapshot";
import { addTerm, deleteTerm, listTerms, TERM_NOT_FOUND, updateTerm } from "./terms";

const reason = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);
const sentence = async (p: Promise<unknown>) => ((await reason(p)) as DomainError | null)?.message;

async function team(db: Database) {
  const [owner, admin, member, viewer, stranger] = await Promise.all([1, 2, 3, 4, 5].map(() => insertUser(db)));
  const space = await insertWorkspace(db, owner, "Newsroom");
  for (const [userId, role] of [[admin, "admin"], [member, "member"], [viewer, "viewer"]] as Array<[string, WorkspaceRole]>) await addMember(db, space, userId, role);
  return { space, owner, admin, member, viewer, stranger };
}

describe.each(BACKENDS)("vocabulary and replacement rules on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("a user keeps a personal vocabulary, each term once whatever its case, in order, and nobody else reaches it", async () => {
    const [ada, bo] = [await insertUser(t.db), await insertUser(t.db)];
    const dash = await addTerm(t.db, ada, null, { term: "  Dashwood ", soundsLike: ["Dash  Wood", "dash wood"] });
    expect(dash).toMatchObject({ term: "Dashwood", soundsLike: ["dash wood"], ownerUserId: ada, workspaceId: null });
    await addTerm(t.db, ada, null, { term: "Ælfric" });
    expect(await sentence(addTerm(t.db, ada, null, { term: "DASHWOOD" }))).toBe("“DASHWOOD” is already in this vocabulary.");
    const list = await listTerms(t.db, ada, null);
    expect(list.terms.map((x) => x.term)).toEqual(["Ælfric", "Dashwood"]);
    expect(list.mayManage).toBe(true);
    expect((await listTerms(t.db, bo, null)).terms).toEqual([]);
    // Another user's term does not exist for them.
    expect(await sentence(updateTerm(t.db, bo, dash.id, { term: "Mine" }))).toBe(TERM_NOT_FOUND);
    expect(await sentence(deleteTerm(t.db, bo, dash.id))).toBe(TERM_NOT_FOUND);
    expect(await sentence(deleteTerm(t.db, ada, "not-an-id"))).toBe(TERM_NOT_FOUND);
    expect((await updateTerm(t.db, ada, dash.id, { soundsLike: [] })).soundsLike).toEqual([]);
    await deleteTerm(t.db, ada, dash.id);
    expect((await listTerms(t.db, ada, null)).terms.map((x) => x.term)).toEqual(["Ælfric"]);
  });

  it("refuses terms, hints and rules that are not words, with a sentence", async () => {
    const ada = await insertUser(t.db);
    for (const bad of ["", "a\u0000b", "<script>", "one two three four five", "x".repeat(51), "-dash"]) {
      expect((await reason(addTerm(t.db, ada, null, { term: bad }))) as DomainError).toMatchObject({ kind: "unprocessable" });
    }
    expect(await sentence(addTerm(t.db, ada, null, { term: "Quixote", soundsLike: ["key hoe tea", "a", "b", "c"] }))).toBe('Give at most 3 "sounds like" hints.');
    expect(await sentence(addTerm(t.db, ada, null, { term: "Quixote", soundsLike: ["key-hoe 2"] }))).toMatch(/cannot be a "sounds like" hint/);
    expect(await sentence(addRule(t.db, ada, null, { find: "okay", replace: "" }))).toBe("Enter what to write instead.");
    expect(await sentence(addRule(t.db, ada, null, { find: "", replace: "OK" }))).toBe("Enter the words to find.");
    expect(await sentence(addRule(t.db, ada, null, { find: "ok", replace: "ok" }))).toBe("The rule would write the same words it finds.");
    // Words are matched by their letters and digits: a symbol could never match as written.
    for (const find of ["C++", "...", "a - b", "&", "#tag"]) {
      expect(await sentence(addRule(t.db, ada, null, { find, replace: "x" }))).toMatch(/cannot be found in a transcript: each word to find needs letters or digits/);
    }
    expect((await addRule(t.db, ada, null, { find: "Mr. e-mail, (3M)", replace: "x" })).find).toBe("Mr. e-mail, (3M)");
  });

  it("takes an upload's own terms once each, as first spelt, and counts them after that", () => {
    expect(checkedUploadTerms([" Gutenberg ", "Subiaco", "gutenberg", ""])).toEqual(["Gutenberg", "Subiaco"]);
    expect(checkedUploadTerms(Array.from({ length: 40 }, () => "Same"))).toEqual(["Same"]);
    expect(() => checkedUploadTerms(Array.from({ length: 21 }, (_, i) => `Term${i}`))).toThrow("Give at most 20 terms with one upload.");
    expect(() => checkedUploadTerms(["<script>"])).toThrow(/cannot be a term/);
  });

  it("holds at most MAX_TERMS_PER_SPACE terms, even added at once", async () => {
    const ada = await insertUser(t.db);
    for (let i = 0; i < MAX_TERMS_PER_SPACE - 2; i++) await addTerm(t.db, ada, null, { term: `Term${i}` });
    const racing = await Promise.all([0, 1, 2, 3].map((i) => reason(addTerm(t.db, ada, null, { term: `Late${i}` }))));
    expect(racing.filter((r) => r === null)).toHaveLength(2);
    expect((await listTerms(t.db, ada, null)).terms).toHaveLength(MAX_TERMS_PER_SPACE);
  });

  it("a workspace's lists: its members read them, its owner and admins change them, strangers learn nothing", async () => {
    const { space, owner, admin, member, viewer, stranger } = await team(t.db);
    const term = await addTerm(t.db, admin, space, { term: "Verbatim" });
    const rule = await addRule(t.db, owner, space, { find: "verb a tim", replace: "Verbatim" });
    for (const reader of [member, viewer]) {
      const list = await listTerms(t.db, reader, space);
      expect(list).toMatchObject({ workspaceId: space, mayManage: false });
      expect(list.terms.map((x) => x.term)).toEqual(["Verbatim"]);
      expect((await listRules(t.db, reader, space)).rules.map((r) => r.find)).toEqual(["verb a tim"]);
      expect(await sentence(addTerm(t.db, reader, space, { term: "Mine" }))).toBe(ROLE_TOO_LOW.admin);
      expect(await sentence(deleteTerm(t.db, reader, term.id))).toBe(ROLE_TOO_LOW.admin);
      expect(await sentence(updateRule(t.db, reader, rule.id, { replace: "x" }))).toBe(ROLE_TOO_LOW.admin);
    }
    expect(await sentence(listTerms(t.db, stranger, space))).toBe(WORKSPACE_NOT_FOUND);
    expect(await sentence(deleteRule(t.db, stranger, rule.id))).toBe(RULE_NOT_FOUND);
    // An API key of another space reaches nothing here.
    expect(await sentence(deleteTerm(t.db, admin, term.id, { space: null }))).toBe(TERM_NOT_FOUND);
    // The term outlives whoever added it: it is the workspace's.
    expect((await listTerms(t.db, owner, space)).mayManage).toBe(true);
    expect((await updateRule(t.db, admin, rule.id, { replace: "Verbatim Inc." })).replace).toBe("Verbatim Inc.");
  });

  it("a new transcription takes its upload's terms, then its workspace's, then its uploader's, and its space's rules", async () => {
    const { space, admin, member } = await team(t.db);
    await addTerm(t.db, admin, space, { term: "Verbatim", soundsLike: ["verb a tim"] });
    await addTerm(t.db, member, null, { term: "verbatim" });
    await addTerm(t.db, member, null, { term: "Dashwood" });
    await addRule(t.db, admin, space, { find: "okay", replace: "OK" });
    await addRule(t.db, member, null, { find: "e-mail", replace: "email" });
    await addTerm(t.db, member, null, { term: "quixote", soundsLike: ["key hotey"] });
    const inWorkspace = await wordRulesFor(t.db, member, space, ["Quixote"]);
    // Given twice, a term keeps its first spelling and every hint given for it.
    expect(inWorkspace.vocabulary).toEqual([
      { term: "Quixote", sounds_like: ["key hotey"] },
      { term: "Verbatim", sounds_like: ["verb a tim"] },
      { term: "Dashwood", sounds_like: [] },
    ]);
    expect(inWorkspace.replacements).toEqual([{ find: "okay", replace: "OK" }]);
    const personal = await wordRulesFor(t.db, member, null);
    expect(personal.vocabulary.map((v) => v.term)).toEqual(["Dashwood", "quixote", "verbatim"]);
    expect(personal.replacements).toEqual([{ find: "e-mail", replace: "email" }]);
  });
});
