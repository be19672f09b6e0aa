import { z } from 'zod';
import {
  parseStepLogLine,
  siteAcmeChallenge,
  siteApply,
  siteCertificateInstall,
  siteCertificateRemove,
} from '@hostdeck/recipes';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import { eventError } from '../jobs/event-error.js';
import type { EventHooks, EventTaskContext } from '../jobs/event-hooks.js';
import { RecipeStepFailedError } from '../jobs/recipe-runner.js';
import { buildSiteApplyInput } from '../sites/site-state.js';
import type { SiteRow } from '../sites/site-access.js';
import { createSitesRepository } from '../sites/sites.repository.js';
import type { AcmeAccounts } from './acme-account.js';
import { issueWithAcme } from './acme-issuer.js';
import { CERTIFICATE_SECRET_PURPOSE, CERTIFICATE_TASKS } from './certificate-events.js';
import { parseCertificateChain } from './certificate-pem.js';
import type { CertificateRow, CertificatesRepository } from './certificates.repository.js';

export const issueTaskInputSchema = z.object({ certificate_id: z.number().int().positive() });
export const INSTALL_ACTIONS = ['activate', 'deactivate', 'delete'] as const;
export const installTaskInputSchema = z.object({
  certificate_id: z.number().int().positive(),
  action: z.enum(INSTALL_ACTIONS),
});
export type InstallAction = (typeof INSTALL_ACTIONS)[number];

interface Material {
  certificate: string;
  privateKeyPem: string;
}

/**
 * Why a task failed, in one line for `last_error`: a recipe's own error lines (openssl's or
 * nginx's verdict is in the event output above them), otherwise the error's message (the ACME
 * server's detail).
 */
export function describeFailure(error: unknown): string {
  if (error instanceof RecipeStepFailedError) {
    const lines = error.stdout
      .split('\n')
      .map(parseStepLogLine)
      .filter((line) => line?.level === 'error')
      .map((line) => line!.message);
    if (lines.length > 0) return lines.join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The two panel tasks of this area, run as events on the site's server:
 * - `certificate-issue`: an ACME order (HTTP-01 answers written through `site-acme-challenge`),
 *   then the new certificate is installed and activated; a renewal of an inactive one is stored only;
 * - `certificate-install`: activate (install the files, then `site-apply` adds the 443 block),
 *   deactivate (remove the files, then `site-apply` takes the block away) or delete.
 * Whenever `site-apply` fails after the files changed, the files the vhost had before are put
 * back, so a vhost never points at a missing or mismatched certificate.
 */
export function registerCertificateTasks(dependencies: {
  hooks: EventHooks;
  db: Database;
  secretBox: SecretBox;
  repository: CertificatesRepository;
  acme: AcmeAccounts;
}) {
  const { db, secretBox, repository } = dependencies;
  const siteRows = createSitesRepository(db);

  async function loadSite(siteId: number): Promise<SiteRow> {
    const site = await siteRows.findById(siteId);
    if (!site) throw eventError('siteGone');
    return site;
  }

  async function loadCertificate(certificateId: number): Promise<CertificateRow> {
    const row = await repository.find(certificateId);
    if (!row) throw eventError('certificateGone');
    return row;
  }

  const webServerOf = (site: SiteRow) => (site.webServer === 'apache2' ? 'apache2' : 'nginx');

  function materialOf(row: CertificateRow): Material | null {
    if (!row.certificate || !row.sealedPrivateKey) return null;
    return {
      certificate: row.certificate,
      privateKeyPem: secretBox.open(row.sealedPrivateKey, CERTIFICATE_SECRET_PURPOSE.privateKey),
    };
  }

  const installFiles = (context: EventTaskContext, site: SiteRow, material: Material) =>
    context.runRecipe(siteCertificateInstall, {
      site: site.name,
      web_server: webServerOf(site),
      certificate: material.certificate,
      private_key: material.privateKeyPem,
    });
  const removeFiles = (context: EventTaskContext, site: SiteRow) =>
    context.runRecipe(siteCertificateRemove, { site: site.name });
  const applySite = async (context: EventTaskContext, site: SiteRow) =>
    context.runRecipe(siteApply, await buildSiteApplyInput(db, await loadSite(site.id)));

  /** After a failed `site-apply`: the files go back to what the unchanged vhost expects. */
  async function restoreFiles(context: EventTaskContext, site: SiteRow, previous: Material | null) {
    try {
      if (previous) await installFiles(context, site, previous);
      else await removeFiles(context, site);
    } catch (error) {
      context.write(`\nThe previous certificate files could not be restored: ${describeFailure(error)}\n`);
    }
  }

  async function activeMaterial(site: SiteRow): Promise<Material | null> {
    if (site.certificateId === null) return null;
    const row = await repository.find(site.certificateId);
    return row?.active ? materialOf(row) : null;
  }

  /** Installs `material` as the site's files and re-applies the vhost (443 block present). */
  async function putOnSite(context: EventTaskContext, site: SiteRow, material: Material) {
    const previous = await activeMaterial(site);
    await installFiles(context, site, material);
    try {
      await applySite(context, site);
    } catch (error) {
      await restoreFiles(context, site, previous);
      throw error;
    }
  }

  /** Removes the site's files and re-applies the vhost (no 443 block). */
  async function takeOffSite(context: EventTaskContext, site: SiteRow, current: Material | null) {
    await removeFiles(context, site);
    try {
      await applySite(context, site);
    } catch (error) {
      if (current) await restoreFiles(context, site, current);
      throw error;
    }
  }

  dependencies.hooks.registerTask(CERTIFICATE_TASKS.issue, async (context) => {
    const { certificate_id: certificateId } = issueTaskInputSchema.parse(context.input);
    const row = await loadCertificate(certificateId);
    const site = await loadSite(row.siteId);
    const domains = row.domains as string[];
    try {
      context.write(
        `Requesting a certificate for ${domains.join(', ')} from ${dependencies.acme.directoryUrl}\n`,
      );
      const issued = await issueWithAcme({
        client: await dependencies.acme.client(),
        domains,
        log: (line) => context.write(`${line}\n`),
        responder: {
          write: (token, keyAuthorization) =>
            context
              .runRecipe(siteAcmeChallenge, {
                token,
                key_authorization: keyAuthorization,
                action: 'write',
              })
              .then(() => undefined),
          remove: (token, keyAuthorization) =>
            context
              .runRecipe(siteAcmeChallenge, {
                token,
                key_authorization: keyAuthorization,
                action: 'remove',
              })
              .then(() => undefined),
        },
      });
      const chain = parseCertificateChain(issued.chainPem);
      // A renewal of a certificate that is not on the vhost is stored only.
      const install = row.status !== 'issued' || row.active;
      if (install)
        await putOnSite(context, site, { certificate: chain.pem, privateKeyPem: issued.privateKeyPem });
      await repository.storeIssued(
        certificateId,
        {
          certificate: chain.pem,
          sealedPrivateKey: secretBox.seal(issued.privateKeyPem, CERTIFICATE_SECRET_PURPOSE.privateKey),
          domains: chain.domains,
          expiresAt: chain.expiresAt,
        },
        install ? site.id : null,
      );
      context.write(`The certificate expires on ${chain.expiresAt.toISOString()}\n`);
    } catch (error) {
      const reason = describeFailure(error);
      await repository.recordFailure(certificateId, reason);
      throw eventError('certificateFailed', { site: site.name, detail: reason }, { cause: error });
    }
  });

  dependencies.hooks.registerTask(CERTIFICATE_TASKS.install, async (context) => {
    const input = installTaskInputSchema.parse(context.input);
    const row = await loadCertificate(input.certificate_id);
    const site = await loadSite(row.siteId);
    try {
      if (input.action === 'activate') {
        const material = materialOf(row);
        if (!material) throw eventError('certificateNotIssued');
        await putOnSite(context, site, material);
        await repository.markActive(row.id, site.id);
        return;
      }
      if (row.active) {
        await takeOffSite(context, site, materialOf(row));
        await repository.markInactive(row.id, site.id);
      }
      if (input.action === 'delete') await repository.delete(row.id);
    } catch (error) {
      const reason = describeFailure(error);
      await repository.recordFailure(row.id, reason);
      if (input.action !== 'activate') throw error;
      throw eventError('certificateFailed', { site: site.name, detail: reason }, { cause: error });
    }
  });
}
