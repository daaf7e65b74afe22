import { useApi } from "@/lib/api/use-api";
import { adminPlans } from "@/lib/api/endpoints/admin";
import type { UserFilters } from "./admin-api";
import { SearchField } from "./search-field";
import { SelectField, type SelectOption } from "./select-field";

export type UserFilterChoice = Omit<UserFilters, "q">;

export const NO_FILTERS: UserFilterChoice = { plan: "", status: "", active: "", verified: "" };

const ALL: SelectOption = { value: "", label: "All" };

type Filter = { key: keyof UserFilterChoice; label: string; options: SelectOption[] };

/** The plan filter offers the plans operators maintain (GET /api/admin/plans); just "All" until they load. */
function planFilter(plans: readonly { id: string; name: string }[]): Filter {
  return { key: "plan", label: "Plan", options: [ALL, ...plans.map((plan) => ({ value: plan.id, label: plan.name }))] };
}

/** The values are the API's query values (`plan=`, `status=`, `active=`, `verified=`). */
const OTHER_FILTERS: Filter[] = [
  {
    key: "status",
    label: "Subscription",
    options: [
      ALL,
      { value: "active", label: "Active" },
      { value: "trialing", label: "Trialing" },
      { value: "past_due", label: "Past due" },
      { value: "unpaid", label: "Unpaid" },
      { value: "canceled", label: "Canceled" },
      { value: "none", label: "None" },
    ],
  },
  { key: "active", label: "Account", options: [ALL, { value: "true", label: "Active" }, { value: "false", label: "Inactive" }] },
  { key: "verified", label: "Verified", options: [ALL, { value: "true", label: "Verified" }, { value: "false", label: "Unverified" }] },
];

export function UserFilterBar({
  search,
  onSearch,
  filters,
  onFilters,
}: {
  search: string;
  onSearch(text: string): void;
  filters: UserFilterChoice;
  onFilters(filters: UserFilterChoice): void;
}) {
  // The same read as the Plans tab's (SWR shares it); a failure leaves just "All".
  const plans = useApi(adminPlans, {}).data?.plans ?? [];
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_repeat(4,1fr)]">
      <SearchField label="Search users" placeholder="Email or name" value={search} onChange={onSearch} />
      {[planFilter(plans), ...OTHER_FILTERS].map((filter) => (
        <SelectField
          key={filter.key}
          label={filter.label}
          value={filters[filter.key]}
          options={filter.options}
          onChange={(value) => onFilters({ ...filters, [filter.key]: value })}
        />
      ))}
    </div>
  );
}
