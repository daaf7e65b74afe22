/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { SEATS_RANGE } from "@/lib/billing/seat-count";
import { subscription } from "@/test/support/billing-plans";
import { fakeFetch } from "@/test/support/fake-fetch";
import { SeatsForm } from "./seats-form";

const mockRouter = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter }));

beforeEach(() => jest.clearAllMocks());

const team = (seats: number) => subscription({ plan_id: "team", plan_name: "Team", plan_per_seat: true, seats, status: "active" });
const setSeats = (value: string) => fireEvent.change(screen.getByLabelText("Seats"), { target: { value } });
const update = () => fireEvent.click(screen.getByRole("button", { name: "Update seats" }));

test("sends the new number of seats and refreshes the page with the answer", async () => {
  const fetch = fakeFetch({ "POST /api/subscriptions/seats": { body: team(6) } });
  render(<SeatsForm seats={4} minimum={2} />);
  expect(screen.getByRole("button", { name: "Update seats" })).toBeDisabled();
  setSeats("6");
  update();
  expect(await screen.findByText("Your plan now has 6 seats.")).toBeInTheDocument();
  expect(fetch.calls.map((c) => [c.method, c.path, c.body])).toEqual([["POST", "/api/subscriptions/seats", { seats: 6 }]]);
  expect(mockRouter.refresh).toHaveBeenCalled();
});

test.each(["0", "501", "2.5", "", "abc"])("refuses %j before asking the server", async (value) => {
  const fetch = fakeFetch({});
  render(<SeatsForm seats={4} minimum={2} />);
  setSeats(value);
  update();
  expect(await screen.findByText(SEATS_RANGE)).toBeInTheDocument();
  expect(fetch.calls).toEqual([]);
});

test("shows the server's sentence when it refuses fewer seats than members", async () => {
  const detail = "You have 5 members; remove members before going below 5 seats.";
  fakeFetch({ "POST /api/subscriptions/seats": { status: 422, body: { detail } } });
  render(<SeatsForm seats={6} minimum={5} />);
  setSeats("3");
  update();
  expect(await screen.findByText(detail)).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole("button", { name: "Update seats" })).toBeEnabled());
  expect(mockRouter.refresh).not.toHaveBeenCalled();
});
