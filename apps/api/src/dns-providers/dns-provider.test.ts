import { describe, expect, it } from 'vitest';
import { Bind9StoreError, BIND9_STORE_MESSAGES, type Bind9ZoneStore } from '../bind9/bind9-zone-store.js';
import { translate } from '../i18n/translate.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import { DnsProviderError } from './dns-provider.js';
import { providerFailure } from './dns-providers.service.js';
import { createBind9Adapter } from './providers/bind9.js';

/** What the user reads for a provider's failure, in `locale` (as the error handler renders it). */
function userText(error: DnsProviderError, locale: 'en' | 'vi') {
  const { id, values } = error.userMessage;
  return translate(locale, id, values);
}

describe('DNS provider errors as the user reads them', () => {
  it('puts the provider’s own words inside a translated sentence, per kind', () => {
    const words = 'Invalid API Token (1000)';
    expect(userText(new DnsProviderError('credential', words), 'vi')).toBe(
      'Nhà cung cấp đã từ chối token này: Invalid API Token (1000)',
    );
    expect(userText(new DnsProviderError('refused', words), 'vi')).toBe(
      'Nhà cung cấp DNS đã từ chối: Invalid API Token (1000)',
    );
    expect(userText(new DnsProviderError('not-found', 'Zone not found (7003)'), 'vi')).toBe(
      'Nhà cung cấp DNS không có vùng hoặc bản ghi này: Zone not found (7003)',
    );
    expect(userText(new DnsProviderError('unreachable', 'connect ECONNREFUSED 127.0.0.1:9'), 'vi')).toBe(
      'Không kết nối được tới nhà cung cấp DNS: connect ECONNREFUSED 127.0.0.1:9',
    );
    // A socket error without words is still a whole sentence.
    expect(userText(new DnsProviderError('unreachable', ''), 'vi')).toBe(
      'Không kết nối được tới nhà cung cấp DNS',
    );
    expect(userText(new DnsProviderError('rate-limited', '', { retryAfterSeconds: 90 }), 'vi')).toBe(
      'Nhà cung cấp DNS đang giới hạn số yêu cầu: hãy thử lại sau 90 giây',
    );
  });

  it('turns each kind into the HTTP error the handler translates', () => {
    const refused = providerFailure(new DnsProviderError('refused', 'Record exists (81058)')) as {
      status: number;
      message: string;
      parameters: Record<string, string>;
    };
    expect(refused.status).toBe(422);
    expect(translate('vi', refused.message, refused.parameters)).toBe(
      'Nhà cung cấp DNS đã từ chối: Record exists (81058)',
    );
    const unreachable = providerFailure(new DnsProviderError('unreachable', '')) as {
      status: number;
      message: string;
    };
    expect(unreachable.status).toBe(502);
    expect(translate('vi', unreachable.message)).toBe('Không kết nối được tới nhà cung cấp DNS');
  });
});

describe('bind9 failures through the DNS provider interface', () => {
  const zone = { id: 'example.test', name: 'example.test' };
  const failingStore = (error: Error): Bind9ZoneStore => {
    const fail = () => Promise.reject(error);
    return {
      listZones: fail,
      listRecords: fail,
      createRecord: fail,
      updateRecord: fail,
      deleteRecord: fail,
    };
  };
  const failureOf = async (error: Error) =>
    createBind9Adapter(failingStore(error), 1)
      .createRecord(zone, { type: 'A', name: 'www', ttl: 300, content: '192.0.2.1' })
      .then(
        () => {
          throw new Error('expected a failure');
        },
        (failure: unknown) => failure as DnsProviderError,
      );

  it('keeps named-checkzone’s output as a value inside the translated sentence', async () => {
    const output = 'zone example.test/IN: NS has no address records';
    const failure = await failureOf(new Bind9StoreError(BIND9_STORE_MESSAGES.refused, { output }));
    expect(failure).toBeInstanceOf(DnsProviderError);
    expect(failure.kind).toBe('refused');
    expect(userText(failure, 'en')).toBe(`bind9 refused the change: ${output}`);
    expect(userText(failure, 'vi')).toBe(`bind9 đã từ chối thay đổi: ${output}`);
    const notListed = await failureOf(
      new Bind9StoreError(BIND9_STORE_MESSAGES.notListed, { type: 'A', zone: 'example.test' }),
    );
    expect(userText(notListed, 'vi')).toBe('bind9 không liệt kê bản ghi A mới trong example.test');
  });

  it('keeps a domain error’s translated message and its values', async () => {
    const failure = await failureOf(new ServerError(SERVER_MESSAGES.notConnected));
    expect(failure.kind).toBe('refused');
    expect(userText(failure, 'vi')).toBe(translate('vi', SERVER_MESSAGES.notConnected));
    expect(userText(failure, 'vi')).not.toBe(SERVER_MESSAGES.notConnected);
  });

  it('puts an SSH failure’s own words inside "could not be reached"', async () => {
    const failure = await failureOf(new Error('All configured authentication methods failed'));
    expect(failure.kind).toBe('unreachable');
    expect(userText(failure, 'vi')).toBe(
      'Không kết nối được tới nhà cung cấp DNS: All configured authentication methods failed',
    );
  });
});
