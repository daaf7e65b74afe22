/**
 * Set on `<html>` by the landing page's loader (lib/landing/deferred-runtime.ts) when its own
 * session check found no session before the app's runtime was there: app/globals.css hides the
 * spinner under it, and the shell removes it once its own check is done (the spinner is the
 * shell's again from then on, e.g. after signing in).
 */
export const SIGNED_OUT_ATTRIBUTE = "data-landing-signed-out";
