import { deleteUser, fetchPlans, updateSetting } from "./admin-api";
import { fakeFetch } from "@/test/support/fake-fetch";

describe("admin-api", () => {
  it("a JSON error gives its detail; a non-JSON error gives the raw body", async () => {
    fakeFetch({ "DELETE /api/admin/users/u1": { status: 409, body: { detail: "Still has a paid subscription." } } });
    expect(await deleteUser("u1")).toEqual({ ok: false, status: 409, text: "Still has a paid subscription." });
    fakeFetch({ "DELETE /api/admin/users/u1": { status: 502, raw: "<html>Bad gateway</html>" } });
    expect(await deleteUser("u1")).toEqual({ ok: false, status: 502, text: "<html>Bad gateway</html>" });
  });

  it("a thrown fetch becomes status 0 with the error's message", async () => {
    fakeFetch({ "PATCH /api/admin/settings/k": new TypeError("Failed to fetch") });
    expect(await updateSetting("k", { value: "1", description: "" })).toEqual({ ok: false, status: 0, text: "Failed to fetch" });
  });

  it("sends JSON with credentials and reads plan lists that arrive as JSON strings", async () => {
    const { fn } = fakeFetch({
      "GET /api/admin/plans": { body: { plans: [{ id: "pro", features: '["export_txt"]', excluded_features: null, language_tiers: ["t1"] }] } },
      "PATCH /api/admin/settings/a%2Fb": { body: { setting: { key: "a/b" } } },
    });
    const plans = await fetchPlans();
    expect(plans.ok && plans.data[0]).toMatchObject({ features: ["export_txt"], excluded_features: [], language_tiers: ["t1"] });
    await updateSetting("a/b", { value: "v", description: "d" });
    expect(fn).toHaveBeenLastCalledWith(
      "/api/admin/settings/a%2Fb",
      expect.objectContaining({ method: "PATCH", credentials: "include", headers: { "content-type": "application/json" }, body: '{"value":"v","description":"d"}' }),
    );
  });
});
