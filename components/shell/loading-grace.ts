/** Spec §2: the spinner stays about 0.1 s past the session and onboarding checks. */
export const LOADING_GRACE_MS = 100;
