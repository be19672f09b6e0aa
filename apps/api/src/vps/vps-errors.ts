import { ERROR_IDS, type ErrorId } from '@hostdeck/contracts';
import { VPS_MESSAGES } from '@hostdeck/contracts/vps';
import { DomainError, NotFoundError, ValidationError } from '../domain/errors.js';
import { VpsProviderError } from './vps-provider.js';

/** What a provider answered, as the user sees it: 422 refused or over a limit, 429, 502. */
export class VpsProviderFailure extends DomainError {
  constructor(
    readonly status: number,
    readonly id: ErrorId,
    message: string,
    parameters: Record<string, string | number> = {},
  ) {
    super(message, parameters);
  }
}

/**
 * A provider's error in the API's terms, always a translated sentence with the provider's own
 * words as its `{message}`: a refused token is a 422 on the `token` field.
 */
export function vpsFailure(error: unknown, notFound: string = VPS_MESSAGES.machineGone): unknown {
  if (!(error instanceof VpsProviderError)) return error;
  const values = { message: error.message };
  switch (error.kind) {
    case 'credential':
      return new ValidationError({ token: [VPS_MESSAGES.tokenRefused] }, values);
    case 'quota':
      return new VpsProviderFailure(422, ERROR_IDS.validation, VPS_MESSAGES.quota, values);
    case 'refused':
      return new VpsProviderFailure(422, ERROR_IDS.validation, VPS_MESSAGES.refused, values);
    case 'not-found':
      return new NotFoundError(notFound);
    case 'rate-limited':
      return new VpsProviderFailure(429, ERROR_IDS.tooManyRequests, VPS_MESSAGES.rateLimited, {
        seconds: error.retryAfterSeconds ?? 60,
      });
    case 'unreachable':
      return new VpsProviderFailure(502, ERROR_IDS.internal, VPS_MESSAGES.unreachable, values);
    case 'unexpected':
      return new VpsProviderFailure(502, ERROR_IDS.internal, VPS_MESSAGES.unexpected, values);
  }
}

export async function translated<T>(work: Promise<T>, notFound?: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw vpsFailure(error, notFound);
  }
}

/** A provider's failure as one line of an event's output (English; the event's own error line is translated). */
export function describeProviderError(error: unknown): string {
  if (error instanceof VpsProviderError) return `${error.kind}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
