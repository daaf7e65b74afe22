import type { APIRequestContext } from "@playwright/test";
import { clientFor, createOperator, userIdOf } from "./support/admin";
import { createUser, expect, sql, test } from "./support/fixtures";

const NOT_AUTHORIZED = "You are not authorized to access this page.";

interface Call {
  method: "GET" | "PATCH" | "DELETE";
  path: string;
  data?: Record<string, unknown>;
}

/** Every /api/admin/* route, each with a request an operator may make. */
function adminCalls(targetId: string, doomedId: string): Call[] {
  return [
    { method: "GET", path: "/api/admin/users" },
    { method: "PATCH", path: `/api/admin/users/${targetId}`, data: { is_active: true } },
    { method: "GET", path: `/api/admin/users/${targetId}/subscription-history` },
    { method: "GET", path: "/api/admin/plans" },
    { method: "PATCH", path: "/api/admin/plans/enterprise", data: { is_popular: false } },
    { method: "GET", path: "/api/admin/language-tiers" },
    { method: "PATCH", path: "/api/admin/language-tiers/core", data: { description: "Core languages, on every plan" } },
    { method: "GET", path: "/api/admin/settings" },
    { method: "PATCH", path: "/api/admin/settings/trial_days", data: { value: "7" } },
    { method: "GET", path: "/api/admin/audit-log" },
    { method: "GET", path: "/api/admin/jobs" },
    { method: "DELETE", path: `/api/admin/users/${doomedId}` },
  ];
}

const send = (client: APIRequestContext, call: Call) => client.fetch(call.path, { method: call.method, data: call.data });

test.describe("the admin API's gate", () => {
  test("every route × anonymous, ordinary user, is_admin not on the list, operator", async ({ playwright, request }) => {
    const ordinary = await createUser(request);
    const flagged = await createUser(request);
    await sql("update users set is_admin = true where email = $1", [flagged.email]);
    const operator = await createOperator(request, 2);
    const target = await createUser(request);
    const doomed = await createUser(request);
    const calls = adminCalls(await userIdOf(target.email), await userIdOf(doomed.email));

    const expectations: Array<[string, APIRequestContext, number]> = [
      ["anonymous", await clientFor(playwright), 401],
      ["ordinary user", await clientFor(playwright, ordinary), 403],
      ["is_admin, not an operator", await clientFor(playwright, flagged), 403],
      ["operator", await clientFor(playwright, operator), 200],
    ];
    for (const [who, client, status] of expectations) {
      for (const call of calls) {
        const res = await send(client, call);
        expect(res.status(), `${who}: ${call.method} ${call.path} → ${await res.text()}`).toBe(status);
        if (status === 403) expect((await res.json()).detail).toBe(NOT_AUTHORIZED);
        if (status === 401) expect((await res.json()).detail).toBe("You are not logged in.");
      }
      // Until the operator's turn, the doomed user must still be there.
      if (status !== 200) expect(await sql("select 1 from users where email = $1", [doomed.email])).toHaveLength(1);
    }
    expect(await sql("select 1 from users where email = $1", [doomed.email])).toHaveLength(0);
  });
});

test.describe("the admin API refuses bad input clearly", () => {
  test("bad JSON, wrong shapes, unknown ids, bad filters, self-deactivation and self-deletion", async ({ playwright, request }) => {
    const operator = await createOperator(request, 2);
    const client = await clientFor(playwright, operator);
    const user = await createUser(request);
    const userId = await userIdOf(user.email);
    const selfId = await userIdOf(operator.email);
    const expectDetail = async (res: Awaited<ReturnType<APIRequestContext["get"]>>, status: number, detail: string | RegExp) => {
      expect(res.status(), await res.text()).toBe(status);
      const body = (await res.json()) as { detail: string };
      if (typeof detail === "string") expect(body.detail).toBe(detail);
      else expect(body.detail).toMatch(detail);
    };

    await expectDetail(
      await client.patch(`/api/admin/users/${userId}`, { data: Buffer.from("{oops"), headers: { "content-type": "application/json" } }),
      400,
      "The request body is not valid JSON.",
    );
    await expectDetail(await client.patch(`/api/admin/users/${userId}`, { data: { is_active: "no" } }), 422, "Say whether the user is active: true or false.");
    await expectDetail(await client.patch("/api/admin/users/nobody", { data: { is_active: false } }), 404, "User not found.");
    await expectDetail(await client.delete("/api/admin/users/nobody"), 404, "User not found.");
    await expectDetail(await client.get("/api/admin/users/nobody/subscription-history"), 404, "User not found.");
    await expectDetail(await client.patch(`/api/admin/users/${selfId}`, { data: { is_active: false } }), 400, "You cannot deactivate your own account.");
    await expectDetail(await client.delete(`/api/admin/users/${selfId}`), 400, "You cannot delete your own account.");
    await expectDetail(await client.get("/api/admin/users?status=bogus"), 400, /status/);
    await expectDetail(await client.get("/api/admin/users?page_size=1000"), 400, "The page size must be 100 or less.");

    await expectDetail(await client.patch("/api/admin/settings/max_upload_mb", { data: { value: "abc" } }), 422, "max_upload_mb must be a whole number from 1 to 10240.");
    await expectDetail(await client.patch("/api/admin/settings/no_such_key", { data: { value: "1" } }), 404, 'There is no setting called "no_such_key".');
    await expectDetail(await client.patch("/api/admin/settings/trial_days", { data: { description: "no value" } }), 422, "Value is required.");

    await expectDetail(await client.patch("/api/admin/plans/pro", { data: { price_monthly: -1 } }), 422, "The monthly price must be 0 or more.");
    await expectDetail(await client.patch("/api/admin/plans/pro", { data: { price_annual: 1.234 } }), 422, "The annual price can have at most 2 decimal places.");
    await expectDetail(await client.patch("/api/admin/plans/pro", { data: { features: "export_txt, flying" } }), 422, /^Unknown feature key "flying"\. Known keys: /);
    await expectDetail(await client.patch("/api/admin/plans/platinum", { data: { name: "Platinum" } }), 404, "Plan not found.");
    await expectDetail(await client.patch("/api/admin/language-tiers/core", { data: { languages: "no colon\n: nameless" } }), 422, "A tier needs at least one language.");
    await expectDetail(await client.patch("/api/admin/language-tiers/klingon", { data: { description: "x" } }), 404, "Language tier not found.");

    // Nothing above changed anything.
    const settings = (await (await client.get("/api/admin/settings")).json()).settings as Array<{ key: string; value: string }>;
    expect(settings.find((s) => s.key === "max_upload_mb")?.value).toBe("2048");
    expect(await sql("select is_active from users where id = $1", [selfId])).toEqual([{ is_active: true }]);
  });

  test("deactivation signs the user out at once and sign-in is refused until reactivated", async ({ playwright, request }) => {
    const operator = await clientFor(playwright, await createOperator(request, 2));
    const creds = await createUser(request);
    const userClient = await clientFor(playwright, creds);
    expect((await userClient.get("/api/me")).status()).toBe(200);

    const off = await operator.patch(`/api/admin/users/${await userIdOf(creds.email)}`, { data: { is_active: false } });
    expect(off.status()).toBe(200);
    expect((await off.json()).user).toMatchObject({ email: creds.email, is_active: false, plan_id: "free" });
    expect((await userClient.get("/api/me")).status()).toBe(401);
    const again = await (await clientFor(playwright)).post("/api/auth/sign-in/email", { data: creds });
    expect(again.status()).toBe(403);

    expect((await operator.patch(`/api/admin/users/${await userIdOf(creds.email)}`, { data: { is_active: true } })).status()).toBe(200);
    await clientFor(playwright, creds);
  });
});
