import { updatePlan } from "@/lib/admin/plan-editing";
import { updateTier } from "@/lib/admin/tier-editing";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/db-setup/migrate";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { startTestPostgres, type TestPostgres } from "@/test/support/postgres";
import { updateSetting } from "@/lib/admin/setting-editing";
import { planCatalogueCache } from "./plan-cache";

const OPERATOR = { id: "op-1", email: "ops1@verbatim.test" };

// Two processes' worth: two connection pools on one real PostgreSQL, each with its own cache.
const opened = new Map<"pg", TestPostgres>();
const handles: DatabaseHandle[] = [];
beforeAll(async () => {
  const pg = await startTestPostgres();
  opened.set("pg", pg);
  handles.push(openDatabase({ url: pg.url }), openDatabase({ url: pg.url }));
  await migrateAndSeed(handles[0], pg.url);
});
afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()));
  await opened.get("pg")?.stop();
});

describe("the public plan data's cache", () => {
  it("serves from memory until an edit in another process bumps the version, then shows the edit", async () => {
    const [editor, reader] = handles;
    const cacheA = planCatalogueCache({ otherProcesses: true });
    const cacheB = planCatalogueCache({ otherProcesses: true });
    const first = await cacheB(reader.db);
    expect(await cacheB(reader.db)).toBe(first); // the same object: nothing loaded again

    const pro = first.plans.find((p) => p.id === "pro")!;
    await cacheA(editor.db);
    await updatePlan(editor.db, OPERATOR, "pro", { name: "Pro Plus" });
    expect((await cacheB(reader.db)).plans.find((p) => p.id === "pro")?.name).toBe("Pro Plus");
    expect((await cacheA(editor.db)).plans.find((p) => p.id === "pro")?.name).toBe("Pro Plus");

    await updatePlan(editor.db, OPERATOR, "pro", { is_active: false });
    expect((await cacheB(reader.db)).plans.map((p) => p.id)).not.toContain("pro");
    await updatePlan(editor.db, OPERATOR, "pro", { is_active: true, name: pro.name });
    expect((await cacheB(reader.db)).plans.find((p) => p.id === "pro")?.name).toBe(pro.name);
  });

  it("sees a language tier's edit from another process", async () => {
    const [editor, reader] = handles;
    const cache = planCatalogueCache({ otherProcesses: true });
    const tier = (await cache(reader.db)).tiers[0];
    await updateTier(editor.db, OPERATOR, tier.id, { description: "Edited in another process" });
    expect((await cache(reader.db)).tiers.find((t) => t.id === tier.id)?.description).toBe("Edited in another process");
  });

  it("sees the support address's edit from another process (the pricing's Contact us)", async () => {
    const [editor, reader] = handles;
    const cache = planCatalogueCache({ otherProcesses: true });
    const before = (await cache(reader.db)).supportEmail;
    await updateSetting(editor.db, OPERATOR, "support_email", { value: "help@verbatim.example" });
    expect((await cache(reader.db)).supportEmail).toBe("help@verbatim.example");
    await updateSetting(editor.db, OPERATOR, "support_email", { value: before });
  });

  it("sees the trial length's edit from another process (beside the prices)", async () => {
    const [editor, reader] = handles;
    const cache = planCatalogueCache({ otherProcesses: true });
    const before = (await cache(reader.db)).trialDays;
    await updateSetting(editor.db, OPERATOR, "trial_days", { value: String(before + 3) });
    expect((await cache(reader.db)).trialDays).toBe(before + 3);
    await updateSetting(editor.db, OPERATOR, "trial_days", { value: String(before) });
  });

  it("does not move when an edit fails and rolls back", async () => {
    const [editor, reader] = handles;
    const cache = planCatalogueCache({ otherProcesses: true });
    const before = await cache(reader.db);
    await expect(updatePlan(editor.db, OPERATOR, "no-such-plan", { name: "X" })).rejects.toThrow("Plan not found.");
    expect(await cache(reader.db)).toBe(before);
  });
});

describe("the public plan data's cache on embedded PGlite (one process)", () => {
  const t = useOpenedDatabase(BACKENDS[0][1]);

  it("reads nothing until this process edits, then shows the edit", async () => {
    const cache = planCatalogueCache({ otherProcesses: false });
    const first = await cache(t.db);
    expect(await cache(t.db)).toBe(first);
    await updatePlan(t.db, OPERATOR, "pro", { name: "Pro Plus" });
    expect((await cache(t.db)).plans.find((p) => p.id === "pro")?.name).toBe("Pro Plus");
    const tier = first.tiers[0];
    await updateTier(t.db, OPERATOR, tier.id, { description: "Edited" });
    expect((await cache(t.db)).tiers.find((x) => x.id === tier.id)?.description).toBe("Edited");
  });
});
