import { deleteUser, updatePlan, updateSetting } from "./admin-api";
import { adminPlan, adminSetting } from "@/test/support/admin-fixtures";
import { fakeFetch } from "@/test/support/fake-fetch";

describe("admin-api", () => {
  it("a JSON error gives its detail; a non-JSON error gives the raw body", async () => {
    fakeFetch({ "DELETE /api/admin/users/u1": { status: 409, body: { detail: "Still has a paid subscription." } } });
    expect(await deleteUser("u1")).toMatchObject({ ok: false, status: 409, text: "Still has a paid subscription." });
    fakeFetch({ "DELETE /api/admin/users/u1": { status: 502, raw: "<html>Bad gateway</html>" } });
    expect(await deleteUser("u1")).toMatchObject({ ok: false, status: 502, text: "<html>Bad gateway</html>" });
  });

  it("a thrown fetch becomes status 0 with the error's message", async () => {
    fakeFetch({ "PATCH /api/admin/settings/k": new TypeError("Failed to fetch") });
    expect(await updateSetting("k", { value: "1", description: "" })).toMatchObject({ ok: false, status: 0, text: "Failed to fetch" });
  });

  it("sends JSON with credentials and reads plan lists that arrive as JSON strings", async () => {
    const { fn } = fakeFetch({
      "PATCH /api/admin/plans/pro": { body: { plan: { ...adminPlan(), features: '["export_txt"]', excluded_features: null, language_tiers: ["t1"] } } },
      "PATCH /api/admin/settings/a%2Fb": { body: { setting: adminSetting({ key: "a/b" }) } },
    });
    const plan = await updatePlan("pro", { name: "Pro" });
    expect(plan.ok && plan.data).toMatchObject({ features: ["export_txt"], excluded_features: [], language_tiers: ["t1"] });
    expect(await updateSetting("a/b", { value: "v", description: "d" })).toMatchObject({ ok: true, data: { key: "a/b" } });
    expect(fn).toHaveBeenLastCalledWith(
      "/api/admin/settings/a%2Fb",
      expect.objectContaining({ method: "PATCH", credentials: "include", headers: { "content-type": "application/json" }, body: '{"value":"v","description":"d"}' }),
    );
  });

  it("an answer that does not fit the contract is a failure, not data", async () => {
    fakeFetch({ "PATCH /api/admin/settings/k": { body: { setting: { key: "k" } } } });
    expect(await updateSetting("k", { value: "1" })).toMatchObject({ ok: false, status: 200, text: expect.stringContaining("not what this page expected") });
  });
});
