import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../domain/errors.js';
import {
  checkCertificatePair,
  coversDomain,
  createRequestCsr,
  domainsOf,
  parsePrivateKey,
} from './certificate-pem.js';
import { makeCertificate } from './testing/certificates.js';

describe('certificate PEM checks', () => {
  it('covers a name exactly or through a one-label wildcard', () => {
    expect(coversDomain(['a.example.com'], 'a.example.com')).toBe(true);
    expect(coversDomain(['*.example.com'], 'a.example.com')).toBe(true);
    expect(coversDomain(['*.example.com'], 'example.com')).toBe(false);
    expect(coversDomain(['*.example.com'], 'b.a.example.com')).toBe(false);
    expect(coversDomain(['example.com'], 'www.example.com')).toBe(false);
  });

  it('reads the names, re-encodes the chain and the key, and checks the pair', () => {
    const pair = makeCertificate(['shop.example.com', 'www.shop.example.com']);
    const crlf = pair.certificate.replace(/\n/g, '\r\n');
    const { chain, privateKeyPem } = checkCertificatePair(`junk before\n${crlf}`, pair.privateKey);
    expect(chain.domains).toEqual(['shop.example.com', 'www.shop.example.com']);
    expect(chain.pem).not.toContain('\r');
    expect(chain.pem).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+-----END CERTIFICATE-----\n$/);
    expect(privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(domainsOf(new X509Certificate(chain.pem))).toEqual(chain.domains);
  });

  it('refuses an expired pair as of `now`, and a key of another certificate', () => {
    const pair = makeCertificate(['shop.example.com']);
    const later = new Date(Date.now() + 365 * 24 * 3600_000);
    expect(() => checkCertificatePair(pair.certificate, pair.privateKey, { now: later })).toThrow(
      ValidationError,
    );
    const other = makeCertificate(['shop.example.com']);
    expect(() => checkCertificatePair(pair.certificate, other.privateKey)).toThrow(ValidationError);
    expect(() =>
      parsePrivateKey('-----BEGIN ENCRYPTED PRIVATE KEY-----\nabc\n-----END ENCRYPTED PRIVATE KEY-----'),
    ).toThrow(ValidationError);
  });

  it('makes an RSA key and a CSR with the subject asked for', async () => {
    const { privateKeyPem, csr } = await createRequestCsr({
      domains: ['shop.example.com', '*.shop.example.com'],
      country: 'VN',
      state: 'Ho Chi Minh',
      city: 'Thu Duc',
      organization: 'Shop Ltd',
    });
    expect(privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(csr).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----\n[\s\S]+-----END CERTIFICATE REQUEST-----\n$/);
    // A CA signing it issues a certificate that belongs to the key.
    const ca = makeCertificate(['ca.example.net']);
    const signed = makeCertificate([], { csr, issuer: ca });
    const { chain } = checkCertificatePair(signed.certificate, privateKeyPem);
    expect(chain.domains).toEqual(['shop.example.com', '*.shop.example.com']);
    const subject = execFileSync('openssl', ['req', '-noout', '-subject'], { input: csr }).toString();
    for (const part of ['CN = shop.example.com', 'C = VN', 'ST = Ho Chi Minh', 'L = Thu Duc', 'O = Shop Ltd'])
      expect(subject).toContain(part);
  });
});
