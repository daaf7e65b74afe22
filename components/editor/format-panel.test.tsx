/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import type { EditorCapabilities } from "@/lib/editor/capabilities";
import { FormatPanel } from "./format-panel";

const NO_MODEL: EditorCapabilities = {
  planName: "Premium",
  editing: true,
  viewer: false,
  exports: { txt: true, md: true, pdf: true, docx: true, srt: true, vtt: true } as EditorCapabilities["exports"],
  basicFormatting: "needs-llm",
  advancedFormatting: "needs-llm",
  customStyles: "needs-llm",
};
const STYLE = { id: "s-1", name: "Minutes", instructions: "Write minutes.", created_at: "2026-11-20T10:00:00Z", updated_at: "2026-11-20T10:00:00Z" };

test("on Premium without a language model: one plain sentence, the AI buttons disabled, no configuration names", () => {
  render(<FormatPanel transcriptionId="t-1" capabilities={NO_MODEL} styles={[STYLE]} initialRun={null} onFormatted={() => undefined} />);
  const panel = screen.getByRole("region", { name: "Formatting" });
  expect(screen.getByText("AI formatting is not available on this server.")).toBeInTheDocument();
  for (const name of ["AI enhancement", "Advanced formatting", "Apply style"]) expect(screen.getByRole("button", { name })).toBeDisabled();
  expect(panel).not.toHaveTextContent(/LLM_|language model/);
  // said once for the whole panel, not under each button (which broke the columns)
  expect(screen.getAllByText(/not available/)).toHaveLength(1);
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});
