/** @jest-environment jsdom */
import { applyColorScheme, followColorScheme, storedColorScheme, themeBootScript } from "./themes";

let systemDark = false;
const listeners = new Set<() => void>();

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = "";
  systemDark = false;
  listeners.clear();
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === "(prefers-color-scheme: dark)" && systemDark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
});

const html = () => document.documentElement;
const runBootScript = () => new Function(themeBootScript)();

test("the boot script applies the stored colour theme and dark choice, and the system's when none is stored", () => {
  localStorage.setItem("verbatim-color-theme", "teal");
  localStorage.setItem("theme", "dark");
  runBootScript();
  expect(html()).toHaveProperty("className", "theme-teal dark");

  html().className = "";
  localStorage.clear();
  systemDark = true;
  runBootScript();
  expect(html().classList.contains("theme-blue")).toBe(true);
  expect(html().classList.contains("dark")).toBe(true);
});

test("a stored choice survives junk: an unknown scheme counts as system", () => {
  localStorage.setItem("theme", "sepia");
  expect(storedColorScheme()).toBe("system");
});

test("choosing a scheme stores and shows it; on system, the system's switch is followed", () => {
  const stop = followColorScheme();
  applyColorScheme("dark");
  expect(localStorage.getItem("theme")).toBe("dark");
  expect(html().classList.contains("dark")).toBe(true);

  applyColorScheme("system");
  expect(html().classList.contains("dark")).toBe(false);
  systemDark = true;
  for (const listener of listeners) listener();
  expect(html().classList.contains("dark")).toBe(true);

  applyColorScheme("light");
  for (const listener of listeners) listener();
  expect(html().classList.contains("dark")).toBe(false);
  stop();
  expect(listeners.size).toBe(0);
});
