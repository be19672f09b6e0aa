import { Suspense, useState } from 'react';
import type { User } from '@hostdeck/contracts';
import { lazyPage } from '../app/lazy-page';

const HotfixDialog = lazyPage(() => import('./HotfixDialog').then((module) => module.HotfixDialog));

/**
 * Shows the hotfix dialog once per page load to a verified user with the hotfix flag (§2). Once
 * open it stays until closed: running the hotfix lowers the flag (POST api/hotfix), and the
 * dialog then shows how the started events go.
 */
export function HotfixNotice({ user }: { user: User }) {
  const [openFor, setOpenFor] = useState<number | null>(null);
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const wanted = user.email_verified && user.hotfix && closedFor !== user.id;
  // Latched during render (React's pattern for state derived from props): a lowered flag keeps it open.
  if (wanted && openFor !== user.id) setOpenFor(user.id);
  if (openFor !== user.id || closedFor === user.id) return null;
  return (
    <Suspense fallback={null}>
      <HotfixDialog onClose={() => setClosedFor(user.id)} />
    </Suspense>
  );
}
