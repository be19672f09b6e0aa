import { useTranslation } from 'react-i18next';
import type { FieldMessage } from '../../api/field-messages';

/** The text of a form's own check (a catalogue key) or of the panel's 422 message (already text). */
export function useFieldText() {
  const { t } = useTranslation();
  return (message: FieldMessage | null | undefined): string | undefined =>
    message == null ? undefined : 'key' in message ? t(message.key) : message.text;
}
