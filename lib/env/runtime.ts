/**
 * Whether this code runs in the Next.js server rather than from source (Jest, a tsx script):
 * what it can load differs, not its configuration. Written out literally, as Next.js
 * replaces it when it bundles the server.
 */
export const inNextServer = (): boolean => Boolean(process.env.NEXT_RUNTIME);
