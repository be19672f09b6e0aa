import { createRequire } from 'node:module';
import { axios as acmeAxios } from 'acme-client';
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';

/** The ACME server gave no answer at all: refused, unknown name, TLS failure, timeout. */
export class AcmeUnreachableError extends Error {
  override readonly name = 'AcmeUnreachableError';
}

type Adapter = (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;
interface AcmeSettings {
  retryMaxAttempts: number;
}

let installed = false;

/**
 * acme-client 5.4 retries a request that got no answer, and once its retries are spent its own
 * error handler reads `response.config` of a response that does not exist: the user saw "Cannot
 * read properties of undefined (reading 'config')" instead of why the CA could not be reached
 * (issue 26, item 6; publishlab/node-acme-client#101). Its handler passes on an error that has no
 * `config` untouched, so the last attempt's failure is thrown as one, with the URL and the cause;
 * earlier attempts fail as before, so its retries still happen.
 *
 * The adapter wrapped is the one of the axios copy acme-client itself loads, hence the lookup from
 * acme-client's own location.
 */
export function reportUnreachableAcmeServer(): void {
  if (installed) return;
  installed = true;
  const requireFromAcme = createRequire(createRequire(import.meta.url).resolve('acme-client'));
  const http = (requireFromAcme('axios') as { getAdapter(name: string): Adapter }).getAdapter('http');
  const settings = (acmeAxios.defaults as unknown as { acmeSettings: AcmeSettings }).acmeSettings;
  acmeAxios.defaults.adapter = async (config) => {
    try {
      return await http(config);
    } catch (error) {
      const failure = error as { response?: unknown; code?: string; message?: string };
      if (failure.response !== undefined) throw error;
      const attempt = (config as { retryAttempt?: number }).retryAttempt ?? 0;
      const retriedAgain = failure.code !== 'ECONNABORTED' && attempt < settings.retryMaxAttempts;
      if (retriedAgain) throw error;
      throw new AcmeUnreachableError(
        `The ACME server could not be reached at ${config.url ?? 'its address'}: ${failure.message || failure.code || String(error)}`,
      );
    }
  };
}
