/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, screen, within } from "@testing-library/react";
import { PlansTab } from "./plans-tab";
import { adminPlan, renderWithNotices } from "@/test/support/admin-fixtures";
import { fakeFetch, type FakeCall } from "@/test/support/fake-fetch";

const PRO = adminPlan();

async function openDialog() {
  let saved = PRO;
  const fetcher = fakeFetch({
    "GET /api/admin/plans": () => ({ body: { plans: [adminPlan({ id: "free", name: "Free", price_monthly: 0, price_annual: 0 }), saved] } }),
    "PATCH /api/admin/plans/pro": (call) => {
      saved = { ...PRO, ...(call.body as object) };
      return { body: { plan: saved } };
    },
  });
  renderWithNotices(<PlansTab />);
  const row = await screen.findByTestId("admin-plan-row-pro");
  fireEvent.click(within(row).getByRole("button", { name: "Edit" }));
  const dialog = screen.getByRole("dialog", { name: "Edit plan Pro" });
  const field = (label: string) => within(dialog).getByLabelText(label);
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  const save = () => fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
  return { ...fetcher, dialog, field, type, save };
}

const patches = (calls: FakeCall[]) => calls.filter((c) => c.method === "PATCH");

describe("PlanEditDialog", () => {
  it("starts from the plan's values; prices are number inputs with min 0 and step 0.01", async () => {
    const { field } = await openDialog();
    expect(field("Name")).toHaveValue("Pro");
    expect(field("Description")).toHaveValue("For regular use");
    expect(field("Monthly price")).toHaveValue(15);
    expect(field("Annual price")).toHaveValue(144);
    for (const label of ["Monthly price", "Annual price"]) {
      expect(field(label)).toHaveAttribute("type", "number");
      expect(field(label)).toHaveAttribute("min", "0");
      expect(field(label)).toHaveAttribute("step", "0.01");
    }
    expect(field("Hours per month")).toHaveValue("16");
    expect(field("Features")).toHaveValue("export_txt, ai_enhanced_formatting");
    expect(field("Excluded features")).toHaveValue("priority_support");
    expect(field("Language tiers")).toHaveValue("tier1, tier2");
    expect(field("Popular")).toBeChecked();
    expect(field("Active")).toBeChecked();
    expect(field("Stripe price ID (monthly)")).toHaveValue("price_m");
    expect(field("Stripe price ID (annual)")).toHaveValue("");
    expect(screen.getByText(/Known keys: real_time_transcription, record_tab_mic/)).toBeInTheDocument();
  });

  it("sends comma lists trimmed with empties dropped, prices as numbers, empty hours and ids as null", async () => {
    const { type, field, save, calls } = await openDialog();
    type("Monthly price", "19.99");
    type("Annual price", "199");
    type("Hours per month", "");
    type("Features", " export_txt ,, in_app_editing,  ");
    type("Excluded features", " , ");
    type("Language tiers", "tier1,tier3 ");
    fireEvent.click(field("Popular"));
    type("Stripe price ID (monthly)", "  ");
    save();
    expect(await screen.findByRole("status")).toHaveTextContent("Plan Pro has been saved.");
    expect(patches(calls)).toHaveLength(1);
    expect(patches(calls)[0]).toMatchObject({
      path: "/api/admin/plans/pro",
      body: {
        name: "Pro",
        description: "For regular use",
        price_monthly: 19.99,
        price_annual: 199,
        hours_per_month: null,
        features: ["export_txt", "in_app_editing"],
        excluded_features: [],
        language_tiers: ["tier1", "tier3"],
        is_popular: false,
        is_active: true,
        stripe_price_id_monthly: null,
        stripe_price_id_annual: null,
      },
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await within(screen.getByTestId("admin-plan-row-pro")).findByText("$19.99")).toBeInTheDocument();
  });

  it.each([
    ["Monthly price", "-1"],
    ["Monthly price", "1.234"],
    ["Annual price", "-1"],
    ["Annual price", "1.234"],
    ["Monthly price", ""],
  ])("refuses %s %j without a request", async (label, value) => {
    const { dialog, type, save, calls } = await openDialog();
    type(label, value);
    save();
    expect(within(dialog).getByRole("alert")).toHaveTextContent(`${label} must be a number of at least 0 with at most 2 decimals.`);
    expect(patches(calls)).toEqual([]);
    expect(screen.getByRole("dialog", { name: "Edit plan Pro" })).toBeInTheDocument();
  });

  it.each(["1.2.3", "-4", "lots"])("refuses Hours per month %j without a request (it never becomes 'no limit')", async (value) => {
    const { dialog, type, save, calls } = await openDialog();
    type("Hours per month", value);
    save();
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Hours per month must be a number of at least 0 with at most 2 decimals, or empty for no limit.");
    expect(patches(calls)).toEqual([]);
  });

  it("a server refusal shows its detail and keeps the dialog open", async () => {
    const { dialog, save } = await openDialog();
    fakeFetch({ "PATCH /api/admin/plans/pro": { status: 400, body: { detail: "Unknown feature key: teleport" } } });
    save();
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^Failed to save plan: 400 - Unknown feature key: teleport$/);
  });
});
