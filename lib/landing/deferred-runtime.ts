/**
 * The landing page without the app's runtime until it is wanted (issue 42).
 *
 * The prerendered `/` is complete HTML: every link is a plain anchor and the text is all there.
 * What the framework's scripts add is the session-aware navigation, the live plans and the
 * shell. Loaded with the page they are ~150 KB (gzip) evaluated and hydrated before a phone can
 * paint (Lighthouse counts them into LCP and blocking time). So, after `next build`, the page's
 * script tags and its React payload move into one boot file, and a small inline loader:
 * - checks the session itself (`GET /api/me`): signed out (or the boot file failing to load), the
 *   spinner goes ~0.1 s later, as the shell would do it (spec §2), unless the shell has done its
 *   own check by then; signed in, the runtime boots at once and the shell takes over;
 * - boots the runtime on the visitor's first input (pointer, key, touch, wheel, scroll, focus),
 *   when the plans come within the distance the pricing section loads them at, a few seconds
 *   after the page has loaded, or at once when analytics are configured (page views are spec §7).
 * Booting later changes nothing else: React hydrates the same HTML from the same payload.
 */
import { SHELL_READY_ATTRIBUTE, SIGNED_OUT_ATTRIBUTE } from "./shell-attributes";

export interface LoaderSettings {
  /** the shell's grace after the session check (components/shell/loading-grace.ts) */
  graceMs: number;
  /** the pricing section's IntersectionObserver margin (components/landing/pricing-ahead.ts) */
  pricingAhead: string;
  /** how long after the page's `load` event the runtime boots if nothing asked for it sooner */
  idleMs: number;
  /** boot with the page (analytics need the runtime for the page view) */
  bootAtOnce: boolean;
}


const LOADER_ID = "landing-runtime";
const ASYNC_SCRIPT = /<script src="([^"]+)" async=""><\/script>/g;
const NOMODULE_SCRIPT = /<script src="([^"]+)" noModule=""><\/script>/g;
const SCRIPT_PRELOAD = /<link rel="preload" as="script"[^>]*\/>/g;
// Next.js escapes "<" inside the payload (htmlescape), so a payload script holds no "<" at all.
const PAYLOAD_SCRIPT = /<script>(\(?self\.__next_f(?:=self\.__next_f\|\|\[\]\))?\.push\([^<]*\))<\/script>/g;

export interface SplitPage {
  /** the page without its script tags and payload (the loader not yet in) */
  page: string;
  /** the boot file: the payload pushed first, then the scripts added as the page had them */
  boot: string;
}

/** Whether this page went through `splitRuntime` + `withLoader` already. */
export function isDeferred(html: string): boolean {
  return html.includes(`<script id="${LOADER_ID}">`);
}

/**
 * Takes the framework's scripts and React payload out of a prerendered page. Throws when the
 * page does not have the shape this relies on (a Next.js upgrade that changes it then fails the
 * build instead of shipping a page that never hydrates).
 */
export function splitRuntime(html: string): SplitPage {
  const scripts = [...html.matchAll(ASYNC_SCRIPT)].map((m) => m[1]);
  const legacy = [...html.matchAll(NOMODULE_SCRIPT)].map((m) => m[1]);
  const payload = [...html.matchAll(PAYLOAD_SCRIPT)].map((m) => m[1]);
  if (scripts.length === 0) throw new Error("The landing page has no async script tags: the prerendered HTML is not shaped as expected.");
  if (payload.length === 0 || !payload[0].startsWith("(self.__next_f=")) throw new Error("The landing page has no React payload scripts: the prerendered HTML is not shaped as expected.");
  const page = html.replace(ASYNC_SCRIPT, "").replace(NOMODULE_SCRIPT, "").replace(SCRIPT_PRELOAD, "").replace(PAYLOAD_SCRIPT, "");
  // Anything of the runtime left behind (a tag with new attributes, a payload script of another
  // shape) would run before the rest and break hydration: refuse rather than ship that.
  if (/<script[^>]*\ssrc=/.test(page) || page.includes("__next_f") || page.includes('as="script"')) {
    throw new Error("The landing page holds a script tag or payload of a shape not handled: the prerendered HTML is not shaped as expected.");
  }
  if (!page.includes("</body>")) throw new Error("The landing page has no </body>.");
  const add = (sources: string[], legacyOnly: boolean) =>
    `${JSON.stringify(sources)}.forEach(function(u){var s=document.createElement("script");s.src=u;s.async=true;${legacyOnly ? "s.noModule=true;" : ""}document.head.appendChild(s)});`;
  const boot = [...payload.map((line) => `${line};`), add(scripts, false), ...(legacy.length ? [add(legacy, true)] : [])].join("\n");
  return { page, boot };
}

/** The page with the inline loader that boots `bootUrl` (see the module's comment for when). */
export function withLoader(page: string, bootUrl: string, settings: LoaderSettings): string {
  const loader = `(function(){
var d=document,h=d.documentElement,booted=false;
function boot(){if(booted)return;booted=true;var s=d.createElement("script");s.src=${JSON.stringify(bootUrl)};s.onerror=signedOut;d.body.appendChild(s)}
function signedOut(){setTimeout(function(){if(h.hasAttribute(${JSON.stringify(SHELL_READY_ATTRIBUTE)}))return;h.setAttribute(${JSON.stringify(SIGNED_OUT_ATTRIBUTE)},"");var b=d.querySelector("[aria-busy=true]");if(b)b.setAttribute("aria-busy","false")},${settings.graceMs})}
if(${settings.bootAtOnce})boot();
fetch("/api/me",{credentials:"same-origin",headers:{accept:"application/json"}}).then(function(r){r.text().catch(function(){});if(r.ok)boot();else signedOut()},signedOut);
["pointerdown","keydown","touchstart","wheel","scroll","focusin"].forEach(function(t){addEventListener(t,boot,{once:true,passive:true})});
var p=d.getElementById("pricing");
if(p&&window.IntersectionObserver){var o=new IntersectionObserver(function(e){if(e.some(function(x){return x.isIntersecting})){o.disconnect();boot()}},{rootMargin:${JSON.stringify(settings.pricingAhead)}});o.observe(p)}
addEventListener("load",function(){setTimeout(boot,${settings.idleMs})});
})();`;
  return page.replace("</body>", `<script id="${LOADER_ID}">${loader}</script></body>`);
}
