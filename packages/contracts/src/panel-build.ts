/**
 * The build of the web bundle a browser runs, sent as this query parameter when it opens the
 * realtime websocket (REALTIME_PATH). The id is the bundle's entry file (`assets/index-<hash>.js`,
 * dist/.vite/manifest.json): its hash changes with any file of the build. A browser whose build is
 * not the panel's gets Update-data `uireload` on that socket (spec/000 §2, §4).
 */
export const REALTIME_BUILD_PARAM = 'build';
