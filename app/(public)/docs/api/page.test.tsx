/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen, within } from "@testing-library/react";
import { openApiDocument } from "@/lib/api/openapi";
import ApiDocsPage from "./page";

test("the API docs show every operation of the OpenAPI document, with its parameters and a curl example with the key", () => {
  render(<ApiDocsPage />);
  expect(screen.getByRole("heading", { level: 1, name: "REST API" })).toBeInTheDocument();
  const doc = openApiDocument();
  const count = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  expect(screen.getAllByRole("article")).toHaveLength(count);

  const upload = screen.getByRole("heading", { level: 3, name: "POST /api/transcriptions" }).closest("article")!;
  expect(within(upload as HTMLElement).getByRole("cell", { name: "filename" })).toBeInTheDocument();
  expect(upload).toHaveTextContent('-H "Authorization: Bearer $VERBATIM_API_KEY"');
  expect(upload).toHaveTextContent("API key: write.");
  const keys = screen.getByRole("heading", { level: 3, name: "POST /api/api-keys" }).closest("article")!;
  expect(keys).toHaveTextContent("Signed-in browser session only");
  expect(screen.getByRole("link", { name: "/api/openapi.json" })).toHaveAttribute("href", "/api/openapi.json");
});
