import type { Client } from 'acme-client';
import { createOrderCsr } from './certificate-pem.js';

/** Puts an HTTP-01 answer where the domain's vhost serves it, and takes it away again. */
export interface ChallengeResponder {
  write(token: string, keyAuthorization: string): Promise<void>;
  remove(token: string, keyAuthorization: string): Promise<void>;
}

export interface IssuedCertificate {
  /** The chain as the CA sent it (leaf first). */
  chainPem: string;
  privateKeyPem: string;
}

/** The CA refused or could not validate: the message is the CA's own detail. */
export class AcmeIssueError extends Error {
  override readonly name = 'AcmeIssueError';
}

/**
 * One ACME order (RFC 8555 §7.4) validated over HTTP-01: for each authorization still pending,
 * the answer is written on the server, the CA is asked to check it and polled until it says
 * valid or invalid (its error detail is the message then); then a new key and CSR finalize the
 * order and the chain is downloaded. Answers are removed whatever happens.
 */
export async function issueWithAcme(options: {
  client: Client;
  domains: readonly string[];
  responder: ChallengeResponder;
  log: (line: string) => void;
}): Promise<IssuedCertificate> {
  const { client, responder, log } = options;
  const order = await client.createOrder({
    identifiers: options.domains.map((value) => ({ type: 'dns', value })),
  });
  const authorizations = await client.getAuthorizations(order);
  const written: { token: string; keyAuthorization: string }[] = [];
  try {
    for (const authorization of authorizations) {
      const domain = authorization.identifier.value;
      if (authorization.status === 'valid') {
        log(`${domain}: already validated for this account`);
        continue;
      }
      const challenge = authorization.challenges.find((candidate) => candidate.type === 'http-01');
      if (!challenge) throw new AcmeIssueError(`The ACME server offers no HTTP-01 validation for ${domain}`);
      const keyAuthorization = await client.getChallengeKeyAuthorization(challenge);
      await responder.write(challenge.token, keyAuthorization);
      written.push({ token: challenge.token, keyAuthorization });
      log(`${domain}: the CA checks http://${domain}/.well-known/acme-challenge/${challenge.token}`);
      await client.completeChallenge(challenge);
      await client.waitForValidStatus(challenge);
      log(`${domain}: validated`);
    }
    const { privateKeyPem, csr } = await createOrderCsr(options.domains);
    const finalized = await client.finalizeOrder(order, csr);
    const chainPem = await client.getCertificate(finalized);
    log(`issued for ${options.domains.join(', ')}`);
    return { chainPem, privateKeyPem };
  } finally {
    for (const answer of written) {
      await responder.remove(answer.token, answer.keyAuthorization).catch((error: unknown) => {
        log(`could not remove the challenge answer ${answer.token}: ${(error as Error).message}`);
      });
    }
  }
}
