// esbuild plugin: compile the workspace packages (@hostdeck/*, TypeScript sources) into the
// bundle and leave every third-party package external, loaded from node_modules at run time.
export const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@hostdeck/') ? undefined : { path: args.path, external: true },
    );
  },
};
