import { eq } from "drizzle-orm";
import { auditLog, settings } from "@/lib/db/schema";
import { getSetting } from "@/lib/settings/settings";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { SettingPatchBody } from "@/lib/api/contract/admin";
import { settingsForAdmin, updateSetting } from "./setting-editing";

const OPERATOR = { id: "op-1", email: "ops1@verbatim.test" };
const patch = (input: unknown) => SettingPatchBody.parse(input);

describe.each(BACKENDS)("updateSetting on %s", (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists every setting with its description and updated_at", async () => {
    const list = await settingsForAdmin(t.handle.db);
    expect(list.map((s) => s.key)).toEqual(["max_upload_mb", "signup_enabled", "support_email", "trial_days"]);
    expect(list[0]).toEqual({ key: "max_upload_mb", value: "2048", description: expect.stringMatching(/megabytes/), updated_at: expect.any(String) });
  });

  it("validates each value by its setting: a number refuses 'abc' with a clear 422", async () => {
    const { db } = t.handle;
    await expect(updateSetting(db, OPERATOR, "max_upload_mb", patch({ value: "abc" }))).rejects.toMatchObject({
      kind: "unprocessable",
      message: "max_upload_mb must be a whole number from 1 to 10240.",
    });
    await expect(updateSetting(db, OPERATOR, "trial_days", patch({ value: "91" }))).rejects.toMatchObject({ kind: "unprocessable" });
    await expect(updateSetting(db, OPERATOR, "signup_enabled", patch({ value: "maybe" }))).rejects.toMatchObject({
      kind: "unprocessable",
      message: 'signup_enabled must be "true" or "false".',
    });
    await expect(updateSetting(db, OPERATOR, "support_email", patch({ value: "not-an-address" }))).rejects.toMatchObject({
      kind: "unprocessable",
      message: "support_email must be an e-mail address, such as support@example.com.",
    });
    expect(await getSetting(db, "max_upload_mb")).toBe(2048);
  });

  it("stores the canonical value, keeps the key, takes effect at once, and audits it", async () => {
    const { db } = t.handle;
    const setting = await updateSetting(db, OPERATOR, "signup_enabled", patch({ value: " FALSE ", description: "Closed for maintenance." }));
    expect(setting).toMatchObject({ key: "signup_enabled", value: "false", description: "Closed for maintenance." });
    expect(await getSetting(db, "signup_enabled")).toBe(false);
    await expect(updateSetting(db, OPERATOR, "max_upload_mb", patch({ value: 250 }))).resolves.toMatchObject({ value: "250" });
    expect(await getSetting(db, "max_upload_mb")).toBe(250);

    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, "signup_enabled"));
    expect(entry).toMatchObject({
      action: "setting.updated",
      before: { value: "true", description: expect.any(String) },
      after: { value: "false", description: "Closed for maintenance." },
    });
  });

  it("answers 404 for a key that is not a setting", async () => {
    const { db } = t.handle;
    await expect(updateSetting(db, OPERATOR, "root_password", patch({ value: "x" }))).rejects.toMatchObject({
      kind: "not_found",
      message: 'There is no setting called "root_password".',
    });
    expect(await db.select().from(settings).where(eq(settings.key, "root_password"))).toEqual([]);
  });
});
