import { Suspense } from 'react';
import { lazyPage } from '../../app/lazy-page';

// The alert's strings are the Fail2Ban section's (servers/fail2ban/locales), loaded beside it.
const BannedHereAlertContent = lazyPage(
  () => import('./BannedHereAlertContent').then((module) => module.BannedHereAlertContent),
  ['servers/fail2ban'],
);

/**
 * On the server page: when the browser's own address is banned by this server's Fail2Ban
 * (GET …/fail2ban/me), says so and offers to unban it. Shows nothing otherwise, or when the
 * server cannot be read.
 */
export function BannedHereAlert({ serverId, installed }: { serverId: number; installed: boolean }) {
  if (!installed) return null;
  return (
    <Suspense fallback={null}>
      <BannedHereAlertContent serverId={serverId} />
    </Suspense>
  );
}
