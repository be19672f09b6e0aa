import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { crypto as acmeCrypto } from 'acme-client';
import { CERTIFICATE_MESSAGES, type CsrCertificateRequest } from '@hostdeck/contracts';
import { ValidationError } from '../domain/errors.js';

/**
 * Reading and making certificates with node:crypto (and acme-client's CSR builder). Everything the
 * panel stores or sends to a server is re-encoded here: LF line endings, PKCS#8 keys, one PEM block
 * per certificate, so the recipes' strict PEM grammars accept it and nothing else.
 */

export interface ParsedChain {
  /** The chain re-encoded, leaf first. */
  pem: string;
  leaf: X509Certificate;
  domains: string[];
  expiresAt: Date;
  issuer: string | null;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n[\s\S]*?-----END \1-----/g;

function pemBlocks(text: string, accepts: (label: string) => boolean): string[] {
  return [...text.matchAll(PEM_BLOCK)].filter((match) => accepts(match[1]!)).map((match) => match[0]);
}

/** A certificate chain (leaf first); ValidationError on `field` when it is not one. */
export function parseCertificateChain(text: string, field = 'certificate'): ParsedChain {
  const blocks = pemBlocks(text, (label) => label === 'CERTIFICATE');
  if (blocks.length === 0 || blocks.length > 10) {
    throw new ValidationError({ [field]: [CERTIFICATE_MESSAGES.certificateInvalid] });
  }
  let certificates: X509Certificate[];
  try {
    certificates = blocks.map((block) => new X509Certificate(block));
  } catch {
    throw new ValidationError({ [field]: [CERTIFICATE_MESSAGES.certificateInvalid] });
  }
  const leaf = certificates[0]!;
  return {
    pem: certificates.map((certificate) => withFinalNewline(certificate.toString())).join(''),
    leaf,
    domains: domainsOf(leaf),
    expiresAt: new Date(leaf.validTo),
    issuer: commonName(leaf.issuer),
  };
}

/** An unencrypted private key as PKCS#8 PEM; ValidationError on `field` otherwise. */
export function parsePrivateKey(text: string, field = 'private_key'): { key: KeyObject; pem: string } {
  const [block] = pemBlocks(text, (label) => label.endsWith('PRIVATE KEY') && !label.startsWith('ENCRYPTED'));
  try {
    if (!block) throw new Error('no private key block');
    const key = createPrivateKey({ key: block, format: 'pem' });
    return { key, pem: withFinalNewline(key.export({ type: 'pkcs8', format: 'pem' }).toString()) };
  } catch {
    throw new ValidationError({ [field]: [CERTIFICATE_MESSAGES.privateKeyInvalid] });
  }
}

/**
 * The pair a site can serve: the chain parses, the key is the leaf's, and it has not expired.
 * Field errors name `certificate` (or `certificateField`) so the form shows them in place.
 */
export function checkCertificatePair(
  certificateText: string,
  privateKeyText: string,
  options: { certificateField?: string; now?: Date } = {},
) {
  const field = options.certificateField ?? 'certificate';
  const chain = parseCertificateChain(certificateText, field);
  const privateKey = parsePrivateKey(privateKeyText);
  if (!chain.leaf.checkPrivateKey(privateKey.key)) {
    throw new ValidationError({ [field]: [CERTIFICATE_MESSAGES.keyMismatch] });
  }
  if (chain.expiresAt.getTime() <= (options.now ?? new Date()).getTime()) {
    throw new ValidationError({ [field]: [CERTIFICATE_MESSAGES.expired] });
  }
  return { chain, privateKeyPem: privateKey.pem };
}

/** The DNS names of a certificate: its subjectAltName entries, or its CN when it has none. */
export function domainsOf(certificate: X509Certificate): string[] {
  const names = (certificate.subjectAltName ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.startsWith('DNS:'))
    .map((entry) => entry.slice(4).toLowerCase());
  if (names.length > 0) return [...new Set(names)];
  const cn = commonName(certificate.subject);
  return cn ? [cn.toLowerCase()] : [];
}

/** Whether a certificate for `domains` is valid for `name` (a wildcard covers one label). */
export function coversDomain(domains: readonly string[], name: string): boolean {
  return domains.some((domain) => {
    if (domain === name) return true;
    if (!domain.startsWith('*.')) return false;
    const dot = name.indexOf('.');
    return dot > 0 && name.slice(dot + 1) === domain.slice(2);
  });
}

/** The issuer's CN of a stored chain, or null (lists show it; a broken row shows nothing). */
export function issuerOf(chainPem: string | null): string | null {
  if (!chainPem) return null;
  try {
    return commonName(new X509Certificate(chainPem).issuer);
  } catch {
    return null;
  }
}

/** A new key (ECDSA P-256) and a CSR for an ACME order: the CN is the first name, all are SANs. */
export async function createOrderCsr(
  domains: readonly string[],
): Promise<{ privateKeyPem: string; csr: Buffer }> {
  const key = await acmeCrypto.createPrivateEcdsaKey('P-256');
  const [, csr] = await acmeCrypto.createCsr({ commonName: domains[0]!, altNames: [...domains] }, key);
  return { privateKeyPem: parsePrivateKey(key.toString()).pem, csr };
}

/**
 * A new key (RSA 2048, what every commercial CA accepts) and a CSR with the user's subject, for a
 * certificate the user buys elsewhere (spec/000 §7 certificates csr).
 */
export async function createRequestCsr(
  request: CsrCertificateRequest,
): Promise<{ privateKeyPem: string; csr: string }> {
  const key = await acmeCrypto.createPrivateRsaKey(2048);
  const [, csr] = await acmeCrypto.createCsr(
    {
      commonName: request.domains[0]!,
      altNames: request.domains,
      country: request.country,
      state: request.state,
      locality: request.city,
      organization: request.organization,
      ...(request.department ? { organizationUnit: request.department } : {}),
    },
    key,
  );
  return {
    privateKeyPem: parsePrivateKey(key.toString()).pem,
    csr: withFinalNewline(csr.toString().replace(/\r\n/g, '\n')),
  };
}

function commonName(distinguishedName: string): string | null {
  const line = distinguishedName.split('\n').find((part) => part.startsWith('CN='));
  return line ? line.slice(3) : null;
}

function withFinalNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
