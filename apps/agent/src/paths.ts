import path from 'node:path';

/**
 * Whether an absolute path written by a caller is the root or inside it, as text (`..` resolved).
 * A first gate only: the file handlers resolve symbolic links and check again.
 */
export function isInsideRoot(root: string, candidate: string): boolean {
  if (!candidate.startsWith('/') || candidate.includes('\0')) return false;
  const resolved = path.posix.resolve(candidate);
  return root === '/' || resolved === root || resolved.startsWith(`${root}/`);
}
