import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { env } from "@/lib/env";

export interface PdfFonts {
  regular: string;
  bold: string;
}

/**
 * The TrueType fonts embedded in PDFs: DejaVu Sans covers Latin with accents, Greek,
 * Cyrillic, Hebrew and more, where PDF's built-in Helvetica covers only Latin-1.
 * PDF_FONT_PATH (and PDF_FONT_BOLD_PATH) choose other files. The package is resolved
 * from the app's directory at run time (not bundled): a bundler would turn a literal
 * require.resolve into a module id instead of a path.
 */
export function pdfFonts(): PdfFonts {
  const { PDF_FONT_PATH: custom, PDF_FONT_BOLD_PATH: boldPath } = env();
  if (custom) {
    const bold = boldPath || custom;
    for (const file of [custom, bold]) {
      if (!existsSync(file)) throw new Error(`PDF font not found: ${file} (PDF_FONT_PATH / PDF_FONT_BOLD_PATH)`);
    }
    return { regular: custom, bold };
  }
  const fromApp = createRequire(path.join(process.cwd(), "package.json"));
  try {
    return {
      regular: fromApp.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
      bold: fromApp.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
    };
  } catch (error) {
    throw new Error("PDF fonts missing: install the dejavu-fonts-ttf package or set PDF_FONT_PATH", { cause: error });
  }
}
