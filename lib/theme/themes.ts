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

/** Light, dark, or whatever the system prefers (the default). */
export const COLOR_SCHEMES = ["light", "dark", "system"] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
// The key next-themes used before, so choices stored then still apply.
const COLOR_SCHEME_STORAGE_KEY = "theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

/**
 * Runs inline in <head> before first paint so the stored colour theme's class and the dark
 * class are on <html> without a flash. Kept tiny and dependency-free on purpose; a constant,
 * so the Content-Security-Policy allows it by its hash (lib/security/content-security-policy.ts).
 */
export const themeBootScript = `(function(){var d=document.documentElement;try{var t=localStorage.getItem(${JSON.stringify(
  COLOR_THEME_STORAGE_KEY,
)});var ok=${JSON.stringify(COLOR_THEMES)};if(ok.indexOf(t)<0)t=${JSON.stringify(DEFAULT_COLOR_THEME)};d.classList.add("theme-"+t);var s=localStorage.getItem(${JSON.stringify(
  COLOR_SCHEME_STORAGE_KEY,
)});var dark=s==="dark"||(s!=="light"&&matchMedia(${JSON.stringify(DARK_QUERY)}).matches);d.classList.toggle("dark",dark);d.style.colorScheme=dark?"dark":"light";}catch(e){d.classList.add("theme-${DEFAULT_COLOR_THEME}");}})();`;

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
export function subscribeThemeChanges(onChange: () => void): () => void {
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

function isColorScheme(value: unknown): value is ColorScheme {
  return typeof value === "string" && (COLOR_SCHEMES as readonly string[]).includes(value);
}

export function storedColorScheme(): ColorScheme {
  const value = typeof localStorage === "undefined" ? null : localStorage.getItem(COLOR_SCHEME_STORAGE_KEY);
  return isColorScheme(value) ? value : "system";
}

/** Puts the dark class (and the browser's own colour scheme) on <html> for the stored choice. */
function showColorScheme(): void {
  const scheme = storedColorScheme();
  const dark = scheme === "dark" || (scheme === "system" && window.matchMedia(DARK_QUERY).matches);
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
}

/** Remembers the choice, shows it and tells subscribers. */
export function applyColorScheme(scheme: ColorScheme): void {
  localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, scheme);
  showColorScheme();
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/**
 * Keeps <html> in step with a choice made in another tab and, on "system", with the system's
 * own switch between light and dark. Returns the unsubscribe function.
 */
export function followColorScheme(): () => void {
  const media = window.matchMedia(DARK_QUERY);
  window.addEventListener("storage", showColorScheme);
  media.addEventListener("change", showColorScheme);
  return () => {
    window.removeEventListener("storage", showColorScheme);
    media.removeEventListener("change", showColorScheme);
  };
}
