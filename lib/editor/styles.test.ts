import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { createStyle, deleteStyle, listStyles, MAX_STYLES_PER_USER, STYLE_NOT_FOUND, updateStyle } from "./styles";

describe.each(BACKENDS)("custom styles on %s", (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("names are unique per user, not across users", async () => {
    const { db } = t.handle;
    const a = await insertUser(db);
    const b = await insertUser(db);
    await expect(createStyle(db, a, { name: "Minutes", instructions: "x" })).resolves.toMatchObject({ name: "Minutes" });
    await expect(createStyle(db, a, { name: "Minutes", instructions: "y" })).rejects.toMatchObject({
      kind: "conflict",
      message: 'You already have a style named "Minutes".',
    });
    await expect(createStyle(db, b, { name: "Minutes", instructions: "z" })).resolves.toMatchObject({ name: "Minutes" });
  });

  it("racing creations of one name: one wins, the other is a clean conflict", async () => {
    const { db } = t.handle;
    const a = await insertUser(db);
    const results = await Promise.allSettled([1, 2, 3].map(() => createStyle(db, a, { name: "Same", instructions: "x" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected" && (r.reason as { kind?: string }).kind === "conflict")).toHaveLength(2);
  });

  it("update and delete touch only the owner's style", async () => {
    const { db } = t.handle;
    const a = await insertUser(db);
    const b = await insertUser(db);
    const created = await createStyle(db, a, { name: "Notes", instructions: "x" });
    const notFound = { kind: "not_found", message: STYLE_NOT_FOUND };
    await expect(updateStyle(db, b, created.id, { name: "Mine", instructions: "y" })).rejects.toMatchObject(notFound);
    await expect(deleteStyle(db, b, created.id)).rejects.toMatchObject(notFound);
    await expect(updateStyle(db, a, created.id, { name: "Notes", instructions: "changed" })).resolves.toMatchObject({ instructions: "changed" });
    await expect(deleteStyle(db, a, created.id)).resolves.toBeUndefined();
    expect(await listStyles(db, a)).toEqual([]);
  });

  it(`keeps at most ${MAX_STYLES_PER_USER} per user`, async () => {
    const { db } = t.handle;
    const a = await insertUser(db);
    for (let i = 0; i < MAX_STYLES_PER_USER; i++) await createStyle(db, a, { name: `S${i}`, instructions: "x" });
    await expect(createStyle(db, a, { name: "One more", instructions: "x" })).rejects.toMatchObject({
      kind: "unprocessable",
      message: `You can keep at most ${MAX_STYLES_PER_USER} styles. Delete one first.`,
    });
  });
});
