// The server side of `server-only` (the package's empty module under the react-server
// condition): end-to-end specs run on the server's side of the line. See e2e/tsconfig.json.
export {};
