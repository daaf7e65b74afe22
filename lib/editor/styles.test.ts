import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { createStyle, deleteStyle, listStyles, MAX_STYLES_PER_USER, updateStyle } from "./styles";

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
    expect((await createStyle(db, a, { name: "Minutes", instructions: "x" })).ok).toBe(true);
    expect(await createStyle(db, a, { name: "Minutes", instructions: "y" })).toEqual({ ok: false, status: 409, detail: 'You already have a style named "Minutes".' });
    expect((await createStyle(db, b, { name: "Minutes", instructions: "z" })).ok).toBe(true);
  });

  it("racing creations of one name: one wins, the other is a clean 409", async () => {
    const { db } = t.handle;
    const a = await insertUser(db);
    const results = await Promise.all([1, 2, 3].map(() => createStyle(db, a, { name: "Same", instructions: "x" })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.status === 409)).toHaveLength(2);
  });

  it("update and delete touch only the owner's style", async () => {
    const { db } = t.handle;
    const a = await insertUser(db);
    const b = await insertUser(db);
    const created = await createStyle(db, a, { name: "Notes", instructions: "x" });
    if (!created.ok) throw new Error("not created");
    expect(await updateStyle(db, b, created.style.id, { name: "Mine", instructions: "y" })).toMatchObject({ ok: false, status: 404 });
    expect(await deleteStyle(db, b, created.style.id)).toBe(false);
    expect(await updateStyle(db, a, created.style.id, { name: "Notes", instructions: "changed" })).toMatchObject({ ok: true });
    expect(await deleteStyle(db, a, created.style.id)).toBe(true);
    expect(await listStyles(db, a)).toEqual([]);
  });

  it(`keeps at most ${MAX_STYLES_PER_USER} per user`, async () => {
    const { db } = t.handle;
    const a = await insertUser(db);
    for (let i = 0; i < MAX_STYLES_PER_USER; i++) await createStyle(db, a, { name: `S${i}`, instructions: "x" });
    expect(await createStyle(db, a, { name: "One more", instructions: "x" })).toEqual({
      ok: false,
      status: 422,
      detail: `You can keep at most ${MAX_STYLES_PER_USER} styles. Delete one first.`,
    });
  });
});
