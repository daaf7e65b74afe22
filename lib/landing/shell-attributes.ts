/**
 * What the landing page's loader (lib/landing/deferred-runtime.ts) and the shell tell each other
 * on `<html>`, since the loader runs before the app's runtime and the shell after it.
 */

/**
 * Set by the loader when its own session check found no session: app/globals.css hides the
 * spinner under it. The shell removes it once its own check is done, so the spinner is the
 * shell's alone from then on (after signing in, say).
 */
export const SIGNED_OUT_ATTRIBUTE = "data-landing-signed-out";

/** Set by the shell once its own check is done: a loader answer arriving later changes nothing. */
export const SHELL_READY_ATTRIBUTE = "data-shell-ready";
