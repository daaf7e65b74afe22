/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import { metadata as rootMetadata } from "@/app/layout";
import TermsPage, { metadata } from "./page";

test("the tab title names Verbatim once: the root layout's template adds it", () => {
  const { template } = rootMetadata.title as { template: string };
  const tabTitle = template.replace("%s", String(metadata.title));
  expect(tabTitle).toBe("Terms and privacy · Verbatim");
});

test("the terms page is no dead end: it links back to the home page", () => {
  render(<TermsPage />);
  expect(screen.getByRole("link", { name: "Back to Verbatim" })).toHaveAttribute("href", "/");
});
