/** The five colour themes of spec §2; blue is the default. */
export const COLOR_THEMES = ["blue", "teal", "purple", "gray", "lightBlue"] as const;
export type ColorTheme = (typeof COLOR_THEMES)[number];
export const DEFAULT_COLOR_THEME: ColorTheme = "blue";
const COLOR_THEME_STORAGE_KEY = "verbatim-color-theme";

export const COLOR_THEME_LABELS: Record<ColorTheme, string> = {
  blue: "Blue",
  teal: "Teal",
  purple: "Purple",
  gray: "Gray",
  lightBlue: "Light blue",
};

function isColorTheme(value: unknown): value is ColorTheme {
  return typeof value === "string" && (COLOR_THEMES as readonly string[]).includes(value);
}

/**
 * Runs inline in <head> before first paint so the stored theme's class is on <html>
 * without a flash. Kept tiny and dependency-free on purpose.
 */
export const colorThemeBootScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(
  COLOR_THEME_STORAGE_KEY,
)});var ok=${JSON.stringify(COLOR_THEMES)};if(ok.indexOf(t)<0)t=${JSON.stringify(
  DEFAULT_COLOR_THEME,
)};document.documentElement.classList.add("theme-"+t);}catch(e){document.documentElement.classList.add("theme-${DEFAULT_COLOR_THEME}");}})();`;

const CHANGE_EVENT = "verbatim-color-theme-change";

/** Swaps the theme class on <html>, remembers the choice and tells subscribers. */
export function applyColorTheme(theme: ColorTheme): void {
  const root = document.documentElement;
  for (const t of COLOR_THEMES) root.classList.remove(`theme-${t}`);
  root.classList.add(`theme-${theme}`);
  localStorage.setItem(COLOR_THEME_STORAGE_KEY, theme);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** For useSyncExternalStore: changes in this tab and in other tabs. */
export function subscribeColorTheme(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

export function storedColorTheme(): ColorTheme {
  const value = typeof localStorage === "undefined" ? null : localStorage.getItem(COLOR_THEME_STORAGE_KEY);
  return isColorTheme(value) ? value : DEFAULT_COLOR_THEME;
}
