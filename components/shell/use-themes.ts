"use client";

import { useSyncExternalStore } from "react";
import { track } from "@/lib/analytics/track";
import {
  applyColorScheme,
  applyColorTheme,
  DEFAULT_COLOR_THEME,
  storedColorScheme,
  storedColorTheme,
  subscribeThemeChanges,
  type ColorScheme,
  type ColorTheme,
} from "@/lib/theme/themes";

/** The stored colour theme (blue, teal, …) and its setter; follows changes in other tabs. */
export function useColorTheme(): [ColorTheme, (t: ColorTheme) => void] {
  const theme = useSyncExternalStore(subscribeThemeChanges, storedColorTheme, () => DEFAULT_COLOR_THEME);
  return [
    theme,
    (t) => {
      applyColorTheme(t);
      track("user_action", "color_theme_changed", { theme: t });
    },
  ];
}

/** The stored light / dark / system choice and its setter; follows changes in other tabs. */
export function useColorScheme(): [ColorScheme, (s: ColorScheme) => void] {
  const scheme = useSyncExternalStore(subscribeThemeChanges, storedColorScheme, () => "system" as const);
  return [scheme, applyColorScheme];
}
