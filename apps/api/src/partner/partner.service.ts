import type { Locale, PageQuery } from '@hostdeck/contracts';
import {
  CONTACT_MAX_LINKS,
  FORM_MAX_AGE_HOURS,
  FORM_MIN_FILL_SECONDS,
  FORM_PER_EMAIL_PER_HOUR,
  INSTALL_SECRET_TTL_DAYS,
  PARTNER_MESSAGES,
  PARTNER_TOKEN_TTL_SECONDS,
  SITE_VERIFY_PREFIX,
  type ContactMessage,
  type PartnerServer,
  type Subscriber,
} from '@hostdeck/contracts/partner';
import type { z } from 'zod';
import type {
  contactRequestSchema,
  partnerServerRequestSchema,
  subscribeRequestSchema,
} from '@hostdeck/contracts/partner';
import { randomBytes } from 'node:crypto';
import type { AdminPolicy } from '../admin/admin-policy.js';
import { apiTokenHash, bearerApiToken } from '../api-tokens/api-token-secret.js';
import { findApiTokenByHash } from '../api-tokens/api-tokens.repository.js';
import { issueResetLink } from '../accounts/password-reset.service.js';
import { findUserByEmail, findUserById } from '../accounts/users.repository.js';
import type { UserRow } from '../auth/sessions.repository.js';
import type { PanelLog } from '../composition.js';
import type { Database } from '../database/database.js';
import { users, type servers } from '../database/schema.js';
import { ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../domain/errors.js';
import { paginate } from '../domain/paginate.js';
import { translate } from '../i18n/translate.js';
import type { Mailer } from '../mail/mailer.js';
import { installCommand } from '../servers/install-command.js';
import type { ServerConnectService } from '../servers/server-connect.service.js';
import type { ServerManagementService } from '../servers/server-management.service.js';
import { renderContactMail, renderPartnerInvitationMail, renderSubscribeMail } from './partner-mails.js';
import {
  bearerSecret,
  formTokenIssuedAt,
  INSTALL_SECRET_PREFIX,
  newSecret,
  PARTNER_TOKEN_PREFIX,
  secretHash,
  signFormToken,
  siteVerificationToken,
} from './partner-secrets.js';
import type { PartnerRepository } from './partner.repository.js';

const HOUR_MS = 60 * 60 * 1000;
const LINK = /https?:\/\/|www\./gi;

type ContactInput = z.output<typeof contactRequestSchema>;
type SubscribeInput = z.output<typeof subscribeRequestSchema>;
type PartnerServerInput = z.output<typeof partnerServerRequestSchema>;
type ServerRow = typeof servers.$inferSelect;

/** A server id from a path: digits, else no such server (404, like any server not the caller's). */
function serverIdOf(value: string): number {
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new NotFoundError();
  return Number(value);
}

/**
 * The partner API and the public forms (docs/partner-api.md). Partner calls authenticate with a
 * short-lived `hdp_` token and reach only servers that partner made; a server's own calls with its
 * one-time `hdi_` install secret; the forms are public, guarded by a honeypot, a signed form token
 * with a minimum fill time, limits on links and size, and rate limits per address and per email.
 */
export function createPartnerService(dependencies: {
  db: Database;
  repository: PartnerRepository;
  connect: ServerConnectService;
  management: ServerManagementService;
  adminPolicy: AdminPolicy;
  mailer: Mailer;
  appKey: Buffer;
  appUrl: string;
  brand: string;
  agentPublicKeyPem: string;
  log: PanelLog;
  now?: () => number;
}) {
  const { db, repository, adminPolicy, mailer } = dependencies;
  const now = dependencies.now ?? Date.now;

  async function partnerOf(authorization: string | undefined): Promise<number> {
    const secret = bearerSecret(authorization, PARTNER_TOKEN_PREFIX);
    if (!secret) throw new UnauthenticatedError();
    const partner = await repository.partnerOfToken(secretHash(secret), new Date(now()));
    if (partner === null) throw new UnauthenticatedError();
    return partner;
  }

  /**
   * The account a partner's server goes to: a new one for an unused email (invited by mail to set
   * its password), or one this partner created before. Any other account is refused: a partner
   * never puts a server (a machine it controls) into an account that did not come from it.
   */
  async function customerFor(partner: number, body: PartnerServerInput): Promise<{ id: number }> {
    const email = body.customer_email.toLowerCase();
    const existing = await findUserByEmail(db, email);
    if (existing) {
      if (await repository.isCustomerOf(partner, existing.id)) return existing;
      throw new ValidationError({ customer_email: [PARTNER_MESSAGES.notYourCustomer] });
    }
    const locale = body.customer_locale ?? 'en';
    const created = await repository.createCustomer(partner, {
      email,
      name: body.customer_name ?? email.split('@')[0]!,
      locale,
    });
    // Taken meanwhile by a concurrent call: decided as for an existing account.
    if (!created) return customerFor(partner, body);
    const partnerRow = await findUserById(db, partner);
    const mail = renderPartnerInvitationMail({
      brand: dependencies.brand,
      partner: partnerRow?.name ?? dependencies.brand,
      locale,
      url: await issueResetLink(db, dependencies.appUrl, email),
    });
    await mailer.send({ to: email, ...mail }).catch((error: unknown) => {
      dependencies.log.error(
        { err: error, userId: created.id },
        'The partner invitation could not be mailed',
      );
    });
    return created;
  }

  function presentPartnerServer(
    server: ServerRow,
    customerEmail: string,
    command: string | null,
  ): PartnerServer {
    return {
      id: server.id,
      name: server.name,
      ip: server.ip,
      port: server.port,
      status: server.status,
      customer_email: customerEmail,
      install_command: command,
      created_at: server.createdAt.toISOString(),
    };
  }

  /** The honeypot and the form token; true when the form is a bot's (answered, but not kept). */
  function guard(body: { form_token: string; website?: string | undefined }): boolean {
    if (body.website && body.website.trim() !== '') return true;
    const issuedAt = formTokenIssuedAt(dependencies.appKey, body.form_token);
    const age = issuedAt === null ? -1 : now() - issuedAt;
    if (issuedAt === null || age > FORM_MAX_AGE_HOURS * HOUR_MS || age < -60_000)
      throw new ValidationError({ form_token: [PARTNER_MESSAGES.formExpired] });
    if (age < FORM_MIN_FILL_SECONDS * 1000)
      throw new ValidationError({ form_token: [PARTNER_MESSAGES.tooFast] });
    return false;
  }

  async function adminEmails(): Promise<string[]> {
    const rule = await adminPolicy.adminRule();
    const rows = await db.select({ id: users.id, email: users.email }).from(users);
    return rows.filter(rule).map((row) => row.email);
  }

  return {
    /** POST api/partner/token: a partner's API token (`write` scope) for a short-lived bearer token. */
    async issueToken(authorization: string | undefined) {
      const secret = bearerApiToken(authorization);
      if (!secret) throw new UnauthenticatedError();
      const found = await findApiTokenByHash(db, apiTokenHash(secret));
      if (!found || (found.token.expiresAt && found.token.expiresAt.getTime() <= now()))
        throw new UnauthenticatedError();
      if (!found.user.emailVerifiedAt || !(await repository.isPartner(found.user.id)))
        throw new ForbiddenError(PARTNER_MESSAGES.notPartner);
      if (!found.token.scopes.includes('write')) throw new ForbiddenError(PARTNER_MESSAGES.notPartner);
      const token = newSecret(PARTNER_TOKEN_PREFIX);
      await repository.insertAccessToken(
        found.user.id,
        secretHash(token),
        new Date(now() + PARTNER_TOKEN_TTL_SECONDS * 1000),
      );
      return { access_token: token, token_type: 'Bearer' as const, expires_in: PARTNER_TOKEN_TTL_SECONDS };
    },

    /**
     * POST api/partner/server: a server for an existing customer account, owned by the customer,
     * connected by the command method. The answer's install command (shown once) installs the
     * panel's key and then calls verify with the server's one-time install secret.
     */
    async createServer(authorization: string | undefined, body: PartnerServerInput): Promise<PartnerServer> {
      const partner = await partnerOf(authorization);
      if (body.server.method !== 'command') throw new ValidationError({ 'server.method': ['Invalid value'] });
      const customer = await customerFor(partner, body);
      const detail = await dependencies.connect.connect({ id: customer.id }, body.server);
      const secret = newSecret(INSTALL_SECRET_PREFIX);
      await repository.insertPartnerServer({
        serverId: detail.id,
        partnerUserId: partner,
        installSecretHash: secretHash(secret),
        installSecretExpiresAt: new Date(now() + INSTALL_SECRET_TTL_DAYS * 24 * HOUR_MS),
      });
      const found = (await repository.partnerServer(partner, detail.id))!;
      const verifyUrl = `${dependencies.appUrl}/api/servers/${detail.id}/verify`;
      const command = `${installCommand(found.server.publicKey!)} && curl -fsS -H 'Authorization: Bearer ${secret}' '${verifyUrl}'`;
      return presentPartnerServer(found.server, found.customerEmail, command);
    },

    /** POST api/partner/server/{server}: status or delete, of a server this partner made only. */
    async serverAction(authorization: string | undefined, serverParam: string, action: 'status' | 'delete') {
      const partner = await partnerOf(authorization);
      const found = await repository.partnerServer(partner, serverIdOf(serverParam));
      if (!found) throw new NotFoundError();
      if (action === 'delete') {
        await dependencies.management.delete({ id: found.server.userId }, found.server.id, found.server.name);
        return null;
      }
      return presentPartnerServer(found.server, found.customerEmail, null);
    },

    /**
     * GET api/servers/{server}/verify, called by the server at the end of its install command:
     * connects with the panel's key and starts provisioning (as the owner's Connect button does).
     * The install secret is spent once the connection succeeded: a replay answers 401.
     */
    async verifyServer(authorization: string | undefined, serverParam: string) {
      const found = await installed(authorization, serverParam);
      const detail = await dependencies.connect.verifyConnection(
        { id: found.server.userId },
        found.server.id,
      );
      await repository.spendInstallSecret(found.server.id, new Date(now()));
      return { id: detail.id, status: detail.status };
    },

    /** GET api/servers/{server}/decrypt: what the server itself needs to join (no panel secret). */
    async decryptServer(authorization: string | undefined, serverParam: string) {
      const found = await installed(authorization, serverParam);
      return {
        server_id: found.server.id,
        name: found.server.name,
        panel_public_key: found.server.publicKey ?? '',
        agent_panel_public_key: dependencies.agentPublicKeyPem,
        verify_url: `${dependencies.appUrl}/api/servers/${found.server.id}/verify`,
      };
    },

    /**
     * Any method api/sites/{site}/verify: the domain route check. Reached through one of the site's
     * own domains (the Host header), it answers the site's token; any other way, 404.
     */
    async siteVerification(siteParam: string, host: string): Promise<string> {
      const siteId = serverIdOf(siteParam);
      const site = await repository.siteDomain(siteId);
      const hostname = host.replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
      if (!site || site.name.toLowerCase() !== hostname) throw new NotFoundError();
      return `${SITE_VERIFY_PREFIX}${siteVerificationToken(dependencies.appKey, site.id, site.name)}`;
    },

    formToken() {
      return {
        form_token: signFormToken(dependencies.appKey, now()),
        min_fill_seconds: FORM_MIN_FILL_SECONDS,
      };
    },

    /** POST api/contact: kept, and mailed to the administrators. */
    async contact(body: ContactInput, context: { locale: Locale; ip: string }) {
      const answer = { message: translate(context.locale, PARTNER_MESSAGES.contactSent) };
      if (guard(body)) return answer;
      if ((`${body.subject}\n${body.message}`.match(LINK)?.length ?? 0) > CONTACT_MAX_LINKS)
        throw new ValidationError({ message: [PARTNER_MESSAGES.tooManyLinks] });
      const email = body.email.toLowerCase();
      if ((await repository.contactsSince(email, new Date(now() - HOUR_MS))) >= FORM_PER_EMAIL_PER_HOUR)
        throw new ValidationError({ email: [PARTNER_MESSAGES.tooManyForEmail] });
      await repository.insertContact({
        name: body.name,
        email,
        subject: body.subject,
        message: body.message,
        locale: context.locale,
        ip: context.ip.slice(0, 64),
      });
      const mail = renderContactMail({ ...body, email, brand: dependencies.brand, locale: context.locale });
      for (const to of await adminEmails()) {
        await mailer.send({ to, ...mail }).catch((error: unknown) => {
          dependencies.log.error({ err: error }, 'The contact message could not be mailed');
        });
      }
      return answer;
    },

    /** POST api/subscribes: double opt-in. The answer is the same whatever the address's state. */
    async subscribe(body: SubscribeInput, context: { locale: Locale }) {
      const answer = { message: translate(context.locale, PARTNER_MESSAGES.subscribeSent) };
      if (guard(body)) return answer;
      const email = body.email.toLowerCase();
      const at = new Date(now());
      let row = await repository.subscriber(email);
      if (row?.confirmedAt && !row.unsubscribedAt) return answer;
      if (!row) {
        await repository.insertSubscriber({
          email,
          locale: context.locale,
          unsubscribeTokenHash: secretHash(randomBytes(32).toString('base64url')),
          mailWindowStart: at,
        });
        row = (await repository.subscriber(email))!;
      }
      const windowOpen = at.getTime() - row.mailWindowStart.getTime() < HOUR_MS;
      const sent = windowOpen ? row.mailsSent : 0;
      if (sent >= FORM_PER_EMAIL_PER_HOUR)
        throw new ValidationError({ email: [PARTNER_MESSAGES.tooManyForEmail] });
      const confirm = randomBytes(32).toString('base64url');
      const unsubscribe = randomBytes(32).toString('base64url');
      await repository.updateSubscriber(row.id, {
        locale: context.locale,
        confirmTokenHash: secretHash(confirm),
        unsubscribeTokenHash: secretHash(unsubscribe),
        mailsSent: sent + 1,
        ...(windowOpen ? {} : { mailWindowStart: at }),
      });
      await mailer.send({
        to: email,
        ...renderSubscribeMail({
          brand: dependencies.brand,
          locale: context.locale,
          confirmUrl: `${dependencies.appUrl}/subscribe/confirm#token=${confirm}`,
          unsubscribeUrl: `${dependencies.appUrl}/subscribe/unsubscribe#token=${unsubscribe}`,
        }),
      });
      return answer;
    },

    async confirmSubscription(token: string, locale: Locale) {
      if (!(await repository.confirm(secretHash(token), new Date(now()))))
        throw new ValidationError({ token: [PARTNER_MESSAGES.badLink] });
      return { message: translate(locale, PARTNER_MESSAGES.subscribed) };
    },

    async unsubscribe(token: string, locale: Locale) {
      if (!(await repository.unsubscribe(secretHash(token), new Date(now()))))
        throw new ValidationError({ token: [PARTNER_MESSAGES.badLink] });
      return { message: translate(locale, PARTNER_MESSAGES.unsubscribed) };
    },

    async adminContacts(admin: UserRow, query: PageQuery) {
      await adminPolicy.authorize(admin);
      const { total, rows } = await repository.listContacts(query.page, query.itemsPerPage);
      const data: ContactMessage[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        locale: row.locale,
        created_at: row.createdAt.toISOString(),
      }));
      return paginate({
        data,
        total,
        page: query.page,
        perPage: query.itemsPerPage,
        path: '/api/admin/contact-messages',
      });
    },

    async adminSubscribers(admin: UserRow, query: PageQuery) {
      await adminPolicy.authorize(admin);
      const { total, rows } = await repository.listSubscribers(query.page, query.itemsPerPage);
      const data: Subscriber[] = rows.map((row) => ({
        id: row.id,
        email: row.email,
        locale: row.locale,
        confirmed_at: row.confirmedAt?.toISOString() ?? null,
        unsubscribed_at: row.unsubscribedAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
      }));
      return paginate({
        data,
        total,
        page: query.page,
        perPage: query.itemsPerPage,
        path: '/api/admin/subscribers',
      });
    },

    async adminPartners(admin: UserRow) {
      await adminPolicy.authorize(admin);
      return { data: await repository.partnerIds() };
    },

    /** PUT api/admin/users/{user}/partner (recorded in the audit log like every change). */
    async setPartner(admin: UserRow, userId: number, isPartner: boolean) {
      await adminPolicy.authorize(admin);
      if (!(await repository.setPartner(userId, isPartner, admin.id))) throw new NotFoundError();
      return { user_id: userId, is_partner: isPartner };
    },
  };

  /** The partner-made server of a live, unspent install secret; 401 for anything else. */
  async function installed(authorization: string | undefined, serverParam: string) {
    const secret = bearerSecret(authorization, INSTALL_SECRET_PREFIX);
    if (!secret || !/^[1-9]\d{0,8}$/.test(serverParam)) throw new UnauthenticatedError();
    const found = await repository.serverOfInstallSecret(
      Number(serverParam),
      secretHash(secret),
      new Date(now()),
    );
    if (!found) throw new UnauthenticatedError();
    return found;
  }
}
export type PartnerService = ReturnType<typeof createPartnerService>;
