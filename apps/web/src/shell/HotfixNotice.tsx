import { Suspense, useState } from 'react';
import type { User } from '@hostdeck/contracts';
import { lazyPage } from '../app/lazy-page';

const HotfixDialog = lazyPage(() => import('./HotfixDialog').then((module) => module.HotfixDialog));

/** Shows the hotfix dialog once per page load to a verified user with the hotfix flag (§2). */
export function HotfixNotice({ user }: { user: User }) {
  const [closedFor, setClosedFor] = useState<number | null>(null);
  if (!user.email_verified || !user.hotfix || closedFor === user.id) return null;
  return (
    <Suspense fallback={null}>
      <HotfixDialog onClose={() => setClosedFor(user.id)} />
    </Suspense>
  );
}
