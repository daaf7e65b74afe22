/**
 * The variables the browser bundle needs. Next.js inlines `process.env.NEXT_PUBLIC_*` at
 * build time only when written out literally, so they are read here, once; their schema and
 * documentation are in variables.ts like every other variable.
 */
export const publicEnv = {
  posthogKey: process.env.NEXT_PUBLIC_POSTHOG_KEY || undefined,
  posthogHost: process.env.NEXT_PUBLIC_POSTHOG_HOST || "https://us.i.posthog.com",
};
