import { pinServerAddress, ServerAddressRefusedError } from './server-address-policy.js';
import { fieldError, SERVER_MESSAGES, ServerError } from './server-errors.js';

/**
 * The address to connect a server at, checked before a single packet is sent (issue 25 finding 7):
 * a refused address answers the same whatever its port, so connecting cannot be used to scan the
 * panel's own host or network. Refusals go on the form's `ip` field when `fields` (connect form,
 * Change IP), else they are the message (Connect on a stored server).
 */
export async function allowedServerAddress(ip: string, options: { fields: boolean }): Promise<string> {
  try {
    return await pinServerAddress(ip);
  } catch (error) {
    if (!(error instanceof ServerAddressRefusedError)) throw error;
    const parameters = { address: error.address };
    throw options.fields
      ? fieldError('ip', SERVER_MESSAGES.addressRefused, parameters)
      : new ServerError(SERVER_MESSAGES.addressRefused, parameters);
  }
}
