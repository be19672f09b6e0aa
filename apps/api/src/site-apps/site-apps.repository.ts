import { eq } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { sites } from '../database/schema.js';

/** The site columns the app catalogue and the uninstall change. */
export function createSiteAppsRepository(db: Database) {
  return {
    async setCodeType(siteId: number, codeType: string | null) {
      await db.update(sites).set({ codeType }).where(eq(sites.id, siteId));
    },

    /** A git site no longer deploys; `resetRelease` when its releases were deleted. */
    async detachRepository(siteId: number, { resetRelease }: { resetRelease: boolean }) {
      await db
        .update(sites)
        .set({
          repository: null,
          branch: null,
          autoDeploy: false,
          deployPublicKey: null,
          sealedDeployKey: null,
          ...(resetRelease ? { currentRelease: null } : {}),
        })
        .where(eq(sites.id, siteId));
    },
  };
}
export type SiteAppsRepository = ReturnType<typeof createSiteAppsRepository>;
