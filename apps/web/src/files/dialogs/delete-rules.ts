/** The swap file (spec/001 §5): deleting it always needs the confirmation box. */
export const SWAP_FILE = '/swapfile';

/** Segments of `path` below `root`: ('/', '/var/www') → 2; ('/home/u', '/home/u/a/b/c') → 3. */
export function depthUnderRoot(root: string, path: string): number {
  const rootSegments = root.split('/').filter(Boolean);
  const segments = path.split('/').filter(Boolean);
  const inside = rootSegments.every((segment, index) => segments[index] === segment);
  return inside ? segments.length - rootSegments.length : 0;
}

/**
 * spec/001 §5 Delete: directly only for paths deeper than two segments under the root, never the
 * swap file; otherwise 'Yes, Do it!' must be ticked first.
 */
export function deleteNeedsConfirmation(root: string, paths: readonly string[]): boolean {
  return paths.some((path) => path === SWAP_FILE || depthUnderRoot(root, path) <= 2);
}
