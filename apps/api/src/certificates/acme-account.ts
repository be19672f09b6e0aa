import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import path from 'node:path';
import { rootCertificates } from 'node:tls';
import { axios as acmeAxios, Client, crypto as acmeCrypto } from 'acme-client';
import type { SecretBox } from '../crypto/secret-box.js';
import { AcmeUnreachableError, reportUnreachableAcmeServer } from './acme-transport.js';
import { CERTIFICATE_SECRET_PURPOSE } from './certificate-events.js';

/** The panel's ACME account key, sealed, beside the panel's other data (DATA_DIR). */
export const ACME_ACCOUNT_KEY_FILE = 'acme-account.key';

export interface AcmeSettings {
  directoryUrl: string;
  /** A PEM file of extra CAs trusted for the ACME server's TLS (pebble's in tests). */
  caBundle: string | undefined;
  email: string | undefined;
  dataDir: string;
}

/**
 * ACME clients of the panel: one account per panel installation, whose key is generated once,
 * sealed with APP_KEY and kept in DATA_DIR with mode 0600 (no table holds it). Several panel
 * processes that do not share DATA_DIR each register their own account, which ACME allows.
 */
export function createAcmeAccounts(settings: AcmeSettings, secretBox: SecretBox) {
  const keyFile = path.join(settings.dataDir, ACME_ACCOUNT_KEY_FILE);
  let accountKey: Promise<string> | undefined;
  let agent: Agent | undefined;
  /** Known once the account was found or registered: later clients skip the lookup. */
  let accountUrl: string | undefined;

  const readKey = () =>
    secretBox.open(readFileSync(keyFile, 'utf8').trim(), CERTIFICATE_SECRET_PURPOSE.acmeAccountKey);

  async function loadOrCreateKey(): Promise<string> {
    try {
      return readKey();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const key = (await acmeCrypto.createPrivateEcdsaKey('P-256')).toString();
    mkdirSync(settings.dataDir, { recursive: true, mode: 0o700 });
    try {
      // 'wx': another process that wrote a key in the meantime wins, and its key is used.
      writeFileSync(keyFile, `${secretBox.seal(key, CERTIFICATE_SECRET_PURPOSE.acmeAccountKey)}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
      return key;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKey();
      throw error;
    }
  }

  /**
   * acme-client sends every request through one axios instance: the extra CA is added to the
   * system's roots there (TLS checks stay on).
   */
  function trustCaBundle() {
    if (!settings.caBundle) return;
    agent ??= new Agent({ ca: [...rootCertificates, readFileSync(settings.caBundle, 'utf8')] });
    acmeAxios.defaults.httpsAgent = agent;
  }

  return {
    directoryUrl: settings.directoryUrl,

    /** A client signed in to the panel's account (registered on first use, terms agreed). */
    async client(): Promise<Client> {
      reportUnreachableAcmeServer();
      trustCaBundle();
      accountKey ??= loadOrCreateKey().catch((error: unknown) => {
        accountKey = undefined;
        throw error;
      });
      const client = new Client({
        directoryUrl: settings.directoryUrl,
        accountKey: await accountKey,
        ...(accountUrl ? { accountUrl } : {}),
        // Polls for validation and issuance: quick at first, about three minutes in all.
        backoffAttempts: 20,
        backoffMin: 1000,
        backoffMax: 10_000,
      });
      if (!accountUrl) {
        // The account is looked up first: sending the terms again to an existing account is an
        // "update" some CAs refuse (pebble: "Use POST-as-GET…").
        try {
          await client.createAccount({ onlyReturnExisting: true });
        } catch (error) {
          if (error instanceof AcmeUnreachableError) throw error;
          await client.createAccount({
            termsOfServiceAgreed: true,
            ...(settings.email ? { contact: [`mailto:${settings.email}`] } : {}),
          });
        }
        accountUrl = client.getAccountUrl();
      }
      return client;
    },
  };
}
export type AcmeAccounts = ReturnType<typeof createAcmeAccounts>;
