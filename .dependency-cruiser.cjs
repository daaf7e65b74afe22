/**
 * The import rules of docs/architecture.md ("Layout"), checked by `npm run lint:deps`
 * (dependency-cruiser). lib/architecture.test.ts reads the same graph for the layer order.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular-in-lib",
      comment: "A module in lib/ must not reach itself again through its imports.",
      severity: "error",
      from: { path: "^lib/" },
      to: { circular: true },
    },
    {
      name: "jobs-only-on-foundations",
      comment: "The job engine knows only the database, settings of the environment, logging, errors and processes.",
      severity: "error",
      from: { path: "^lib/jobs/" },
      to: { path: "^lib/", pathNot: "^lib/(jobs|db|env|log|errors|process)/" },
    },
    {
      name: "components-not-server-modules",
      comment: "Browser code (components, the uploads' client) never imports the database, the job engine or the worker.",
      severity: "error",
      from: { path: "^(components|lib/uploads/client)/" },
      to: { path: "^lib/(db|jobs|worker)/" },
    },
    {
      name: "components-not-node-builtins",
      comment: "Browser code (components, the uploads' client) never imports Node's own modules.",
      severity: "error",
      from: { path: "^(components|lib/uploads/client)/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "uploads-client-browser-only",
      comment: "The uploads' client is the browser's: it imports the contract and the typed client (lib/api), not the server's side of uploads or HTTP.",
      severity: "error",
      from: { path: "^lib/uploads/client/" },
      to: { path: "^lib/(uploads/(?!client/)|http/|env/)" },
    },
    {
      name: "lib-not-app-or-components",
      comment: "Rules in lib/ never import routes, pages or React components.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$|(^|/)node_modules/|^\\.next/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
