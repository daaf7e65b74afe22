/**
 * Better Auth's browser client, for jsdom tests of components: its ESM build does not load
 * under jest, so the modules lib/auth/client.ts imports are replaced by these, and our own
 * code runs as it is. Every action is the JSON request Better Auth's client sends for it —
 * `organization.setActive(body)` is POST /api/auth/organization/set-active — through the
 * global fetch (fakeFetch answers and records it), and resolves as Better Auth's client does:
 * `{ data, error }`, `error` carrying the server's `message` and `code` with the status.
 *
 * In a test file (the factories run when lib/auth/client.ts first loads them, after the imports):
 *   import * as mockBetterAuth from "@/test/support/better-auth-client";
 *   jest.mock("better-auth/react", () => mockBetterAuth.react);
 *   jest.mock("better-auth/client/plugins", () => mockBetterAuth.clientPlugins);
 *   jest.mock("better-auth/plugins/access", () => mockBetterAuth.access);
 *   jest.mock("better-auth/plugins/organization/access", () => mockBetterAuth.organizationAccess);
 */

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

type Answer = { data: unknown; error: null } | { data: null; error: Record<string, unknown> & { status: number } };

function action(basePath: string, path: string[]) {
  return async (body: unknown = {}): Promise<Answer> => {
    const res = await fetch(`${basePath}/${path.map(kebab).join("/")}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const json: unknown = text ? JSON.parse(text) : null;
    if (res.ok) return { data: json, error: null };
    return { data: null, error: { ...(json && typeof json === "object" ? json : {}), status: res.status, statusText: res.statusText } };
  };
}

/** `client.a.b(body)` calls /a/b; `then` is left out, so awaiting the client does not call it. */
function client(basePath: string, path: string[] = []): unknown {
  return new Proxy(action(basePath, path), {
    get: (_target, key) => (typeof key === "string" && key !== "then" ? client(basePath, [...path, key]) : undefined),
  });
}

export const react = {
  createAuthClient: (options: { basePath?: string } = {}) => client(options.basePath ?? "/api/auth"),
};

export const clientPlugins = {
  organizationClient: (options: unknown) => ({ id: "organization", options }),
};

/** The access-control builders the workspace roles are made with: only their shape matters in the browser. */
export const access = {
  createAccessControl: (statements: unknown) => ({ statements, newRole: (granted: unknown) => ({ granted }) }),
};

export const organizationAccess = {
  defaultStatements: {},
  ownerAc: { role: "owner" },
  adminAc: { role: "admin" },
  memberAc: { role: "member" },
};
