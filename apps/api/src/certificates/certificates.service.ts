import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CERTIFICATE_MESSAGES,
  CERTIFICATE_RENEW_BEFORE_DAYS,
  CERTIFICATE_RENEW_TOKEN_HEADER,
  ERROR_IDS,
  type CloneCertificateRequest,
  type CreateCertificateRequest,
  type CsrCertificateRequest,
  type FreeCertificateRequest,
  type ImportCertificateRequest,
  type PageQuery,
} from '@hostdeck/contracts';
import type { SecretBox } from '../crypto/secret-box.js';
import type { EventsService } from '../events/events.service.js';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../domain/errors.js';
import { paginate } from '../domain/paginate.js';
import type { Caller } from '../policy/server-policy.js';
import type { SiteAccess, SiteRow } from '../sites/site-access.js';
import {
  CERTIFICATE_EVENT_TYPES,
  CERTIFICATE_MODEL_TYPE,
  CERTIFICATE_SECRET_PURPOSE,
  CERTIFICATE_TASKS,
} from './certificate-events.js';
import { checkCertificatePair, coversDomain, createRequestCsr } from './certificate-pem.js';
import { presentCertificate } from './certificate-presenter.js';
import type { InstallAction } from './certificate-tasks.js';
import type { CertificateRow, CertificatesRepository } from './certificates.repository.js';

/** A certificate request the site's state does not allow (422, shown as the message). */
export class CertificateError extends DomainError {
  readonly status = 422;
  readonly id = ERROR_IDS.validation;
}

export interface CertificatesServiceDependencies {
  access: Pick<SiteAccess, 'authorize' | 'loadSite'>;
  repository: CertificatesRepository;
  events: Pick<EventsService, 'startTask'>;
  secretBox: SecretBox;
  /** The alias names of a parent site (sites.site_id = the parent). */
  aliasNames(site: SiteRow): Promise<string[]>;
  /** The owner of a server (renewals without a caller run as the owner). */
  serverOwner(serverId: number): Promise<number | null>;
  /** Refuses names a CA would refuse, before asking it (certificate-name-check.ts). */
  checkNames(domains: readonly string[], site: SiteRow): Promise<void>;
  /** Realtime Update-data to everyone who sees the server. */
  publish(serverId: number): Promise<void>;
  appUrl: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The SSL certificates of a site (spec/000 §7 certificates): Let's Encrypt, import, CSR and its
 * signed certificate, activate, deactivate, clone, list, delete, and renewal (scheduled, or by the
 * public endpoints with the site's token). Anything that touches the server is an event running a
 * task of certificate-tasks.ts. Another user's site or certificate answers 404.
 */
export function createCertificatesService(dependencies: CertificatesServiceDependencies) {
  const { access, repository, events, secretBox } = dependencies;

  function refuseAlias(site: SiteRow) {
    if (site.siteId !== null) throw new CertificateError(CERTIFICATE_MESSAGES.aliasSite);
  }

  async function manageable(caller: Caller, siteId: number) {
    const authorized = await access.authorize(caller, siteId, 'manage');
    refuseAlias(authorized.site);
    return authorized;
  }

  async function certificateOf(siteId: number, certificateId: number): Promise<CertificateRow> {
    const row = await repository.findForSite(siteId, certificateId);
    if (!row) throw new NotFoundError();
    return row;
  }

  async function started(row: CertificateRow, event: { id: number }, serverId: number) {
    await repository.setEvent(row.id, event.id);
    await dependencies.publish(serverId);
    return { data: { id: event.id }, certificate: presentCertificate({ ...row, eventId: event.id }) };
  }

  /** Starts the ACME issuance (or renewal) of a certificate row as an event. */
  async function startIssue(userId: number, site: SiteRow, row: CertificateRow) {
    const event = await events.startTask({
      userId,
      serverId: site.serverId,
      siteId: site.id,
      task: CERTIFICATE_TASKS.issue,
      input: { certificate_id: row.id },
      type: CERTIFICATE_EVENT_TYPES.issue,
      description: {
        id: row.status === 'issued' ? 'renewCertificate' : 'issueCertificate',
        values: { site: site.name },
      },
      modelId: row.id,
      modelType: CERTIFICATE_MODEL_TYPE,
    });
    return started(row, event, site.serverId);
  }

  async function startInstall(userId: number, site: SiteRow, row: CertificateRow, action: InstallAction) {
    const id = (
      {
        activate: 'installCertificate',
        deactivate: 'deactivateCertificate',
        delete: 'deleteCertificate',
      } as const
    )[action];
    const event = await events.startTask({
      userId,
      serverId: site.serverId,
      siteId: site.id,
      task: CERTIFICATE_TASKS.install,
      input: { certificate_id: row.id, action },
      type: CERTIFICATE_EVENT_TYPES.install,
      description: { id, values: { site: site.name } },
      modelId: row.id,
      modelType: CERTIFICATE_MODEL_TYPE,
    });
    return started(row, event, site.serverId);
  }

  /** A row was stored for an event that could not start: it must not stay behind as "pending". */
  async function orDiscard<T>(row: CertificateRow, start: () => Promise<T>): Promise<T> {
    try {
      return await start();
    } catch (error) {
      await repository.delete(row.id);
      throw error;
    }
  }

  const renewalUrls = (siteId: number) => [
    `${dependencies.appUrl}/api/sites/${siteId}/certificates/renew`,
    `${dependencies.appUrl}/api/sites/${siteId}/letsencrypt-renew`,
  ];

  const digest = (value: string) => createHash('sha256').update(value).digest();

  const service = {
    async list(caller: Caller, siteId: number, query: PageQuery) {
      const { site } = await access.authorize(caller, siteId, 'view');
      const { total, rows } = await repository.listForSite(site.id, query.page, query.itemsPerPage);
      return paginate({
        data: rows.map(presentCertificate),
        total,
        page: query.page,
        perPage: query.itemsPerPage,
        path: `/api/sites/${site.id}/certificates`,
      });
    },

    async requestFree(caller: Caller, siteId: number, request: FreeCertificateRequest) {
      const { site } = await manageable(caller, siteId);
      const names = [site.name, ...(await dependencies.aliasNames(site))];
      // HTTP-01 cannot prove control of a wildcard: by default wildcard aliases are left out,
      // and asking for one is refused with the reason.
      const domains = request.domains ?? names.filter((name) => !name.startsWith('*.'));
      for (const domain of domains) {
        if (domain.startsWith('*.')) {
          throw new ValidationError({ domains: [CERTIFICATE_MESSAGES.wildcardHttp] }, { domain });
        }
        if (!names.includes(domain)) {
          throw new ValidationError({ domains: [CERTIFICATE_MESSAGES.domainNotOnSite] }, { domain });
        }
      }
      if (await repository.isIssuing(site.id)) throw new ConflictError(CERTIFICATE_MESSAGES.issuing);
      await dependencies.checkNames(domains, site);
      const row = await repository.insert({
        siteId: site.id,
        type: 'letsencrypt',
        status: 'pending',
        domains,
      });
      return orDiscard(row, () => startIssue(caller.id, site, row));
    },

    async importCertificate(caller: Caller, siteId: number, request: ImportCertificateRequest) {
      const { site } = await manageable(caller, siteId);
      const { chain, privateKeyPem } = checkCertificatePair(request.certificate, request.private_key);
      if (!coversDomain(chain.domains, site.name)) {
        throw new ValidationError({ certificate: [CERTIFICATE_MESSAGES.notCovered] }, { domain: site.name });
      }
      const row = await repository.insert({
        siteId: site.id,
        type: 'imported',
        status: 'issued',
        domains: chain.domains,
        certificate: chain.pem,
        sealedPrivateKey: secretBox.seal(privateKeyPem, CERTIFICATE_SECRET_PURPOSE.privateKey),
        expiresAt: chain.expiresAt,
      });
      return orDiscard(row, () => startInstall(caller.id, site, row, 'activate'));
    },

    async createCsr(caller: Caller, siteId: number, request: CsrCertificateRequest) {
      const { site } = await manageable(caller, siteId);
      const { privateKeyPem, csr } = await createRequestCsr(request);
      const row = await repository.insert({
        siteId: site.id,
        type: 'csr',
        status: 'pending',
        domains: request.domains,
        csr,
        sealedPrivateKey: secretBox.seal(privateKeyPem, CERTIFICATE_SECRET_PURPOSE.privateKey),
      });
      await dependencies.publish(site.serverId);
      return { data: presentCertificate(row) };
    },

    /** The CA's signed certificate for a CSR made here: it must belong to the CSR's key. */
    async installSigned(caller: Caller, siteId: number, certificateId: number, certificate: string) {
      const { site } = await manageable(caller, siteId);
      const row = await certificateOf(site.id, certificateId);
      if (row.type !== 'csr' || !row.sealedPrivateKey)
        throw new CertificateError(CERTIFICATE_MESSAGES.notCsr);
      const { chain } = checkCertificatePair(
        certificate,
        secretBox.open(row.sealedPrivateKey, CERTIFICATE_SECRET_PURPOSE.privateKey),
      );
      await repository.storeSigned(row.id, {
        certificate: chain.pem,
        domains: chain.domains,
        expiresAt: chain.expiresAt,
      });
      return startInstall(caller.id, site, { ...row, status: 'issued', certificate: chain.pem }, 'activate');
    },

    async activate(caller: Caller, siteId: number, certificateId: number) {
      const { site } = await manageable(caller, siteId);
      const row = await certificateOf(site.id, certificateId);
      if (row.status !== 'issued' || !row.certificate)
        throw new CertificateError(CERTIFICATE_MESSAGES.notIssued);
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) {
        throw new CertificateError(CERTIFICATE_MESSAGES.expired);
      }
      return startInstall(caller.id, site, row, 'activate');
    },

    async deactivate(caller: Caller, siteId: number, certificateId: number) {
      const { site } = await manageable(caller, siteId);
      const row = await certificateOf(site.id, certificateId);
      if (!row.active) throw new ConflictError(CERTIFICATE_MESSAGES.notActive);
      return startInstall(caller.id, site, row, 'deactivate');
    },

    /**
     * A copy of an issued certificate for another site of the caller's, installed there. The copy
     * is a static one (type `imported`): it is not renewed by itself.
     */
    async clone(caller: Caller, siteId: number, certificateId: number, request: CloneCertificateRequest) {
      const { site } = await manageable(caller, siteId);
      const row = await certificateOf(site.id, certificateId);
      if (row.status !== 'issued' || !row.certificate || !row.sealedPrivateKey) {
        throw new CertificateError(CERTIFICATE_MESSAGES.notIssued);
      }
      if (request.site_id === site.id)
        throw new ValidationError({ site_id: [CERTIFICATE_MESSAGES.sameSite] });
      const target = (await access.authorize(caller, request.site_id, 'manage')).site;
      refuseAlias(target);
      if (!coversDomain(row.domains as string[], target.name)) {
        throw new ValidationError({ site_id: [CERTIFICATE_MESSAGES.notCovered] }, { domain: target.name });
      }
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) {
        throw new CertificateError(CERTIFICATE_MESSAGES.expired);
      }
      const copy = await repository.insert({
        siteId: target.id,
        type: 'imported',
        status: 'issued',
        domains: row.domains as string[],
        certificate: row.certificate,
        sealedPrivateKey: row.sealedPrivateKey,
        expiresAt: row.expiresAt,
      });
      return orDiscard(copy, () => startInstall(caller.id, target, copy, 'activate'));
    },

    /** An inactive certificate is deleted at once (null); the active one first leaves the vhost (event). */
    async remove(caller: Caller, siteId: number, certificateId: number) {
      const { site } = await access.authorize(caller, siteId, 'manage');
      const row = await certificateOf(site.id, certificateId);
      if (row.status === 'pending' && row.type === 'letsencrypt' && (await repository.isIssuing(site.id))) {
        throw new ConflictError(CERTIFICATE_MESSAGES.issuing);
      }
      if (row.active) return startInstall(caller.id, site, row, 'delete');
      await repository.delete(row.id);
      await dependencies.publish(site.serverId);
      return null;
    },

    /** POST api/sites/{site}/certificates ("create"): the three ways behind one call. */
    async create(caller: Caller, siteId: number, request: CreateCertificateRequest) {
      if (request.type === 'letsencrypt')
        return service.requestFree(caller, siteId, { domains: request.domains });
      if (request.type === 'imported') return service.importCertificate(caller, siteId, request);
      const { type: _type, ...csr } = request;
      const created = await service.createCsr(caller, siteId, csr);
      return { data: null, certificate: created.data };
    },

    async renewal(caller: Caller, siteId: number) {
      const { site } = await access.authorize(caller, siteId, 'view');
      return {
        data: {
          urls: renewalUrls(site.id),
          header: CERTIFICATE_RENEW_TOKEN_HEADER,
          has_token: site.sealedRenewToken !== null,
        },
      };
    },

    /** A new renewal token, shown once; the previous one stops working. */
    async regenerateRenewalToken(caller: Caller, siteId: number) {
      const { site } = await access.authorize(caller, siteId, 'manage');
      const token = randomBytes(32).toString('base64url');
      await repository.setRenewToken(site.id, secretBox.seal(token, CERTIFICATE_SECRET_PURPOSE.renewToken));
      return {
        data: { urls: renewalUrls(site.id), header: CERTIFICATE_RENEW_TOKEN_HEADER, has_token: true, token },
      };
    },

    /**
     * The public renewal endpoints: the site's token, compared in constant time (as digests, so
     * the length does not show either). A missing site and a wrong token answer alike (403).
     */
    async renewWithToken(siteId: number, token: string | undefined) {
      const site = await access.loadSite(siteId);
      let expected: string | null = null;
      if (site?.sealedRenewToken) {
        expected = secretBox.open(site.sealedRenewToken, CERTIFICATE_SECRET_PURPOSE.renewToken);
      }
      const matches = timingSafeEqual(
        digest(token ?? ''),
        digest(expected ?? `\0${randomBytes(16).toString('hex')}`),
      );
      if (!site || !expected || !token || !matches) throw new ForbiddenError();
      const row = await repository.activeLetsEncrypt(site.id);
      if (!row) throw new CertificateError(CERTIFICATE_MESSAGES.nothingToRenew);
      if (await repository.isIssuing(site.id)) throw new ConflictError(CERTIFICATE_MESSAGES.issuing);
      const owner = await dependencies.serverOwner(site.serverId);
      if (owner === null) throw new ForbiddenError();
      const result = await startIssue(owner, site, row);
      return { message: 'The renewal has started.', event_id: result.data.id };
    },

    /**
     * Scheduled renewal: active Let's Encrypt certificates that expire within 30 days, each as an
     * event started for the server's owner. Returns the certificates it started.
     */
    async renewDue(now = new Date(), log: (message: string, details: object) => void = () => {}) {
      const due = await repository.dueForRenewal(
        new Date(now.getTime() + CERTIFICATE_RENEW_BEFORE_DAYS * DAY_MS),
      );
      const renewed: number[] = [];
      for (const { certificate, site } of due) {
        try {
          if (site.siteId !== null || (await repository.isIssuing(site.id))) continue;
          const owner = await dependencies.serverOwner(site.serverId);
          if (owner === null) continue;
          await startIssue(owner, site, certificate);
          renewed.push(certificate.id);
        } catch (error) {
          log('certificate renewal could not start', { certificateId: certificate.id, error: String(error) });
        }
      }
      return renewed;
    },
  };
  return service;
}
export type CertificatesService = ReturnType<typeof createCertificatesService>;
