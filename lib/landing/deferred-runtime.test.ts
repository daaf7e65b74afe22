import vm from "node:vm";
import { isDeferred, splitRuntime, withLoader, type LoaderSettings } from "./deferred-runtime";
import { SHELL_READY_ATTRIBUTE, SIGNED_OUT_ATTRIBUTE } from "./shell-attributes";

// The shape of Next.js 16's prerendered `/` (.next/server/app/index.html), abridged.
const BUILT = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>',
  '<script src="/_next/static/chunks/react.js" async=""></script><script src="/_next/static/chunks/page.js" async=""></script>',
  "<title>Verbatim</title><script>(function(){document.documentElement.classList.add('theme')})()</script>",
  '<script src="/_next/static/chunks/polyfill.js" noModule=""></script></head>',
  '<body><div role="status" data-loading-screen>Loading...</div><div aria-busy="true"><main><a href="/signup">Sign up</a><section id="pricing"></section></main></div>',
  '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":[]})</script>',
  '<script src="/_next/static/chunks/main.js" async=""></script>',
  "<script>(self.__next_f=self.__next_f||[]).push([0])</script>",
  '<script>self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n2:[\\"\\u003cb\\u003e\\"]\\n"])</script>',
  "</body></html>",
].join("");

const SETTINGS: LoaderSettings = { graceMs: 100, pricingAhead: "0px 0px 150% 0px", idleMs: 4000, bootAtOnce: false };

describe("the landing page's deferred runtime", () => {
  it("takes the script tags, their preload and the React payload out of the page, leaving the rest as it was", () => {
    const { page } = splitRuntime(BUILT);
    expect(page).not.toMatch(/<script src=/);
    expect(page).not.toContain('rel="preload" as="script"');
    expect(page).not.toContain("__next_f");
    // The theme runs before the first paint, the Turbopack chunk list is read by the runtime when it comes.
    expect(page).toContain("classList.add('theme')");
    expect(page).toContain('<script id="_R_">');
    expect(page).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css"');
    expect(page).toContain('<a href="/signup">Sign up</a>');
  });

  it("boots the payload first, then the scripts in the page's order, the legacy one as nomodule", () => {
    const { boot } = splitRuntime(BUILT);
    const appended: Array<{ src: string; async: boolean; noModule: boolean }> = [];
    const self: { __next_f?: unknown[] } = {};
    const document = {
      createElement: () => ({ src: "", async: false, noModule: false }),
      head: { appendChild: (s: { src: string; async: boolean; noModule: boolean }) => appended.push(s) },
    };
    vm.runInNewContext(boot, { self, document });
    expect(self.__next_f).toEqual([[0], [1, '1:"$Sreact.fragment"\n2:["<b>"]\n']]);
    expect(appended.map((s) => s.src)).toEqual(["/_next/static/chunks/react.js", "/_next/static/chunks/page.js", "/_next/static/chunks/main.js", "/_next/static/chunks/polyfill.js"]);
    expect(appended.map((s) => [s.async, s.noModule])).toEqual([
      [true, false],
      [true, false],
      [true, false],
      [true, true],
    ]);
  });

  it("refuses a page that is not shaped as expected, so the build fails instead of shipping a page that never hydrates", () => {
    expect(() => splitRuntime(BUILT.replace(/<script src="[^"]+" async=""><\/script>/g, ""))).toThrow("no async script tags");
    expect(() => splitRuntime(BUILT.replace(/<script>\(?self\.__next_f.*?<\/script>/g, ""))).toThrow("no React payload");
    // A Next.js that adds an attribute to one tag, or writes one payload script otherwise: nothing of it may stay behind.
    expect(() => splitRuntime(BUILT.replace('<script src="/_next/static/chunks/main.js" async="">', '<script src="/_next/static/chunks/main.js" async="" crossorigin="">'))).toThrow("not handled");
    expect(() => splitRuntime(BUILT.replace("<script>self.__next_f.push([1,", '<script nonce="x">self.__next_f.push([1,'))).toThrow("not handled");
  });

  it("puts the loader at the end of the body, once", () => {
    const { page } = splitRuntime(BUILT);
    expect(isDeferred(page)).toBe(false);
    const html = withLoader(page, "/_next/static/landing/abc.js", SETTINGS);
    expect(isDeferred(html)).toBe(true);
    expect(html).toMatch(/<script id="landing-runtime">[^<]+<\/script><\/body><\/html>$/);
  });
});

interface FakeElement {
  attributes: Record<string, string>;
  setAttribute(name: string, value: string): void;
  hasAttribute(name: string): boolean;
}

/** Runs the loader in a sandbox with the browser parts it touches, answering `GET /api/me` with `status`. */
function runLoader(status: number | "offline", settings: Partial<LoaderSettings> = {}) {
  const html = withLoader(splitRuntime(BUILT).page, "/_next/static/landing/abc.js", { ...SETTINGS, ...settings });
  const code = /<script id="landing-runtime">([^<]+)<\/script>/.exec(html)![1];
  const element = (): FakeElement => ({
    attributes: {},
    setAttribute(name, value) {
      this.attributes[name] = value;
    },
    hasAttribute(name) {
      return name in this.attributes;
    },
  });
  const root = element();
  const busy = element();
  busy.attributes["aria-busy"] = "true";
  const booted: string[] = [];
  const bootScripts: Array<{ src: string; onerror?: () => void }> = [];
  const listeners: Record<string, () => void> = {};
  const timers: Array<{ ms: number; run: () => void }> = [];
  let observed: { callback: (entries: Array<{ isIntersecting: boolean }>) => void; margin: string } | null = null;
  const fetched: string[] = [];
  let bodiesRead = 0;
  const context = {
    document: {
      documentElement: root,
      body: {
        appendChild: (s: { src: string; onerror?: () => void }) => {
          booted.push(s.src);
          bootScripts.push(s);
        },
      },
      createElement: () => ({ src: "" }),
      querySelector: (selector: string) => (selector === "[aria-busy=true]" ? busy : null),
      getElementById: (id: string) => (id === "pricing" ? {} : null),
    },
    window: { IntersectionObserver: true },
    IntersectionObserver: class {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void, options: { rootMargin: string }) {
        observed = { callback, margin: options.rootMargin };
      }
      observe() {}
      disconnect() {}
    },
    fetch: (url: string) => {
      fetched.push(url);
      if (status === "offline") return Promise.reject(new TypeError("Failed to fetch"));
      // The body is read (and dropped): an unread one keeps the request, and its connection, open.
      return Promise.resolve({ ok: status === 200, text: () => ((bodiesRead += 1), Promise.resolve("{}")) });
    },
    addEventListener: (type: string, listener: () => void) => {
      listeners[type] = listener;
    },
    setTimeout: (run: () => void, ms: number) => timers.push({ ms, run }),
  };
  vm.runInNewContext(code, context);
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { root, busy, booted, bootScripts, listeners, timers, fetched, bodiesRead: () => bodiesRead, observed: () => observed, settle };
}

describe("the landing page's loader", () => {
  it("signed out: checks the session itself and lets the spinner go after the shell's grace, without the runtime", async () => {
    const loader = runLoader(401);
    await loader.settle();
    expect(loader.fetched).toEqual(["/api/me"]);
    expect(loader.bodiesRead()).toBe(1);
    expect(loader.booted).toEqual([]);
    const grace = loader.timers.find((t) => t.ms === 100)!;
    expect(loader.root.attributes).toEqual({});
    grace.run();
    expect(loader.root.attributes).toEqual({ [SIGNED_OUT_ATTRIBUTE]: "" });
    expect(loader.busy.attributes["aria-busy"]).toBe("false");
  });

  it.each([["a network failure", "offline" as const], ["a server error", 503]])("%s counts as signed out, as in the shell", async (_, status) => {
    const loader = runLoader(status);
    await loader.settle();
    loader.timers.find((t) => t.ms === 100)!.run();
    expect(loader.root.attributes).toEqual({ [SIGNED_OUT_ATTRIBUTE]: "" });
    expect(loader.booted).toEqual([]);
  });

  it("signed in: boots the runtime at once and leaves the spinner to the shell", async () => {
    const loader = runLoader(200);
    await loader.settle();
    expect(loader.booted).toEqual(["/_next/static/landing/abc.js"]);
    expect(loader.bodiesRead()).toBe(1);
    expect(loader.timers.filter((t) => t.ms === 100)).toEqual([]);
  });

  it.each(["pointerdown", "keydown", "touchstart", "wheel", "scroll", "focusin"])("boots once on the visitor's first %s", async (type) => {
    const loader = runLoader(401);
    await loader.settle();
    loader.listeners[type]();
    loader.listeners.keydown();
    expect(loader.booted).toEqual(["/_next/static/landing/abc.js"]);
    // The runtime is on its way, the check said signed out: the page is not held under the spinner meanwhile.
    loader.timers.find((t) => t.ms === 100)!.run();
    expect(loader.root.attributes).toEqual({ [SIGNED_OUT_ATTRIBUTE]: "" });
  });

  it("changes nothing once the shell has done its own check (an answer arriving late must not hide a later spinner)", async () => {
    const loader = runLoader(401);
    loader.listeners.scroll();
    await loader.settle();
    loader.root.setAttribute(SHELL_READY_ATTRIBUTE, "");
    loader.timers.find((t) => t.ms === 100)!.run();
    expect(loader.root.attributes).toEqual({ [SHELL_READY_ATTRIBUTE]: "" });
    expect(loader.busy.attributes["aria-busy"]).toBe("true");
  });

  it("a boot file that fails to load does not leave the page under the spinner", async () => {
    const loader = runLoader(200);
    await loader.settle();
    loader.bootScripts[0].onerror!();
    loader.timers.find((t) => t.ms === 100)!.run();
    expect(loader.root.attributes).toEqual({ [SIGNED_OUT_ATTRIBUTE]: "" });
    expect(loader.busy.attributes["aria-busy"]).toBe("false");
  });

  it("boots when the plans come as near as the pricing section loads them, and not while they are further", async () => {
    const loader = runLoader(401);
    expect(loader.observed()!.margin).toBe("0px 0px 150% 0px");
    loader.observed()!.callback([{ isIntersecting: false }]);
    expect(loader.booted).toEqual([]);
    loader.observed()!.callback([{ isIntersecting: true }]);
    expect(loader.booted).toEqual(["/_next/static/landing/abc.js"]);
  });

  it("boots a while after the page has loaded if nothing asked sooner, and at once when analytics need it", async () => {
    const idle = runLoader(401);
    idle.listeners.load();
    idle.timers.find((t) => t.ms === 4000)!.run();
    expect(idle.booted).toEqual(["/_next/static/landing/abc.js"]);
    expect(runLoader(401, { bootAtOnce: true }).booted).toEqual(["/_next/static/landing/abc.js"]);
  });
});
