"use client";

import { clsx } from "clsx";
import { useColorScheme, useColorTheme } from "@/components/shell/use-themes";
import { COLOR_SCHEMES, COLOR_THEMES, COLOR_THEME_LABELS } from "@/lib/theme/themes";
import { Section } from "./section";

export function AppearanceSection() {
  const [colorTheme, setColorTheme] = useColorTheme();
  const [scheme, setScheme] = useColorScheme();
  return (
    <Section title="Appearance" description="Stored in this browser.">
      <fieldset>
        <legend className="text-sm font-medium">Colour theme</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {COLOR_THEMES.map((t) => (
            <label key={t} className={clsx("flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm", colorTheme === t ? "border-accent" : "border-border")}>
              <input type="radio" name="color-theme" value={t} checked={colorTheme === t} onChange={() => setColorTheme(t)} />
              <span aria-hidden className={`theme-${t} h-3 w-3 rounded-full bg-accent`} />
              {COLOR_THEME_LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium">Appearance</legend>
        <div className="mt-2 flex gap-2">
          {COLOR_SCHEMES.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm capitalize">
              <input type="radio" name="scheme" value={value} checked={scheme === value} onChange={() => setScheme(value)} />
              {value}
            </label>
          ))}
        </div>
      </fieldset>
    </Section>
  );
}
