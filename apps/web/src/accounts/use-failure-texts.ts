import { useTranslation } from 'react-i18next';
import type { FailureTexts } from './form-errors';

/** The translated texts `describeFormFailure` needs, in the current locale. */
export function useFailureTexts(): FailureTexts {
  const { t } = useTranslation();
  return {
    somethingWentWrong: t('errors.somethingWentWrong'),
    unreachable: t('appInfo.unreachable'),
    payloadTooLarge: t('apiErrors.tooLarge'),
    retryAfter: (seconds) => t('apiErrors.retryAfter', { seconds }),
  };
}
