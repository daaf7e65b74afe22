"use client";

import { DropdownMenu } from "radix-ui";
import { COLOR_THEMES, COLOR_THEME_LABELS, type ColorScheme, type ColorTheme } from "@/lib/theme/themes";
import { useColorScheme, useColorTheme } from "./use-themes";

const SCHEMES = [
  ["light", "Light"],
  ["dark", "Dark"],
  ["system", "System"],
] as const;

export function ThemeMenu() {
  const [colorTheme, setColorTheme] = useColorTheme();
  const [scheme, setScheme] = useColorScheme();
  const itemClass =
    "flex cursor-pointer items-center justify-between gap-4 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted";
  return (
    // Not modal: a modal menu hides the page from screen readers (aria-hidden) while its links
    // stay focusable, which axe reports; the menu still takes focus and closes on Escape.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" aria-label="Theme" className="rounded-lg p-2 hover:bg-muted">
          <span aria-hidden className="block h-4 w-4 rounded-full bg-accent ring-2 ring-accent/30" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-44 rounded-xl border border-border bg-card p-1 shadow-lg">
          <DropdownMenu.Label className="px-2 py-1 text-xs text-muted-foreground">Colour theme</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={colorTheme} onValueChange={(v) => setColorTheme(v as ColorTheme)}>
            {COLOR_THEMES.map((t) => (
              <DropdownMenu.RadioItem key={t} value={t} className={itemClass}>
                <span className="flex items-center gap-2">
                  <span aria-hidden className={`theme-${t} h-3 w-3 rounded-full bg-accent`} />
                  {COLOR_THEME_LABELS[t]}
                </span>
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Label className="px-2 py-1 text-xs text-muted-foreground">Appearance</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={scheme} onValueChange={(v) => setScheme(v as ColorScheme)}>
            {SCHEMES.map(([value, label]) => (
              <DropdownMenu.RadioItem key={value} value={value} className={itemClass}>
                {label}
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
