/**
 * How close to the screen the plans start loading: one and a half screen-heights below it.
 * On a wide screen that is at once; on a phone, where the plans are three screens down, the
 * plans' code, the billing contract's checks and the cards' rendering wait until the visitor
 * heads there, instead of holding up the page's first seconds (bench:web's Lighthouse run).
 * The landing page's deferred runtime (lib/landing/deferred-runtime.ts) starts at the same distance.
 */
export const PRICING_AHEAD = "0px 0px 150% 0px";
