/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen, within } from "@testing-library/react";
import { openApiDocument } from "@/lib/api-docs/openapi";
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
  // What each parameter means, with the examples' placeholders explained.
  const exported = screen.getByRole("heading", { level: 3, name: "GET /api/transcriptions/{id}/export" }).closest("article")!;
  expect(exported).toHaveTextContent('"txt" | "md" | "pdf" | "docx" | "srt" | "vtt"');
  expect(exported).toHaveTextContent("The file's format. Missing or unknown: 400");
  expect(screen.getByText("UPLOAD_ID")).toBeInTheDocument();
});

test("the API docs show the command line and the client, and what a webhook receives with how to check its signature", () => {
  render(<ApiDocsPage />);
  const client = screen.getByRole("region", { name: "TypeScript client and command line" });
  expect(client).toHaveTextContent("npx verbatim transcribe interview.mp3 --language en --format srt --wait > interview.srt");
  expect(client).toHaveTextContent('import { Verbatim } from "./sdk/verbatim-client";');
  const webhooks = screen.getByRole("region", { name: "What a webhook receives" });
  for (const event of ["transcription.done", "transcription.failed", "webhook.ping"]) expect(within(webhooks).getByText(event)).toBeInTheDocument();
  expect(webhooks).toHaveTextContent("Verbatim-Signature");
  expect(webhooks).toHaveTextContent("retried after 10 s, 30 s, 2 min, 10 min and 30 min");
  expect(webhooks).toHaveTextContent("timingSafeEqual");
});
