// The layers of docs/architecture.md, checked by `npm run check` (dependency-cruiser). Each rule
// names the boundary it keeps; a broken one fails the check with the import that broke it.

/** Domain folders that hold pure logic: no UI, no core, no worker, no IO libraries. */
const PURE = [
  'src/shared',
  'src/lib/cjk',
  'src/lib/paths',
  'src/lib/revisions',
  'src/lib/text',
  'src/lib/diff',
  'src/lib/markdown',
  'src/lib/fileKinds',
  'src/lib/githubActions/(?!lint/)',
  'src/lib/coherence/(?!fileSystemAccess/)',
].map((folder) => `^${folder}`);

/** Libraries that reach storage, processes, the network or a browser. */
const IO_PACKAGES = '^(node_modules/(idb|comlink|ws|playwright-core|@playwright)/)';

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'An import cycle: split what both modules need into a module of its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'app-not-to-relay',
      comment:
        'The app reaches the relay only through src/shared (the wire protocol and the languages both speak).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^relay/' },
    },
    {
      name: 'relay-not-to-app',
      comment: 'The relay imports nothing of the app but src/shared.',
      severity: 'error',
      from: { path: '^relay/' },
      to: { path: '^src/', pathNot: '^src/shared/' },
    },
    {
      name: 'shared-is-neutral',
      comment: 'src/shared is read by both sides, so it imports neither.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^(src/(?!shared/)|relay/)' },
    },
    {
      name: 'core-not-to-tools',
      comment: 'The tools sit above the core: the core never imports them.',
      severity: 'error',
      from: { path: '^src/lib/core/' },
      to: { path: '^src/lib/tools/' },
    },
    {
      name: 'tools-not-to-core',
      comment:
        'Tools see only the host interfaces they declare; src/lib/worker fills them from the core.',
      severity: 'error',
      // Their host tests run the tools on the real core, so they compose through the worker's test host.
      from: { path: '^src/lib/tools/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/lib/(core|worker)/' },
    },
    {
      name: 'worker-is-the-top',
      comment: 'src/lib/worker composes tools and core; nothing in the app imports it.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/lib/worker/', '\\.test\\.ts$'] },
      to: { path: '^src/lib/worker/' },
    },
    {
      name: 'pure-stays-pure',
      comment: 'A pure domain folder imports no UI, core, tools, worker or IO library.',
      severity: 'error',
      from: { path: PURE, pathNot: '\\.test\\.ts$' },
      to: {
        path: [
          '^src/routes/',
          '^src/lib/(ui|core|tools|worker|editors|wysiwyg|browserPanel)/',
          '\\.svelte(\\.ts)?$',
          IO_PACKAGES,
        ],
      },
    },
    {
      name: 'pure-no-node',
      comment: 'A pure domain module runs in windows and workers: no Node built-ins.',
      severity: 'error',
      from: { path: PURE, pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(\\.svelte-kit|build|relay/dist)/' },
    tsConfig: { fileName: 'tsconfig.layers.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.svelte', '.mjs', '.json'],
    },
  },
};
