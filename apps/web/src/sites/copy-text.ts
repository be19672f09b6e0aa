import { showSnackbar } from '../feedback/snackbar-store';
import { i18n } from '../i18n/i18n';

/** Copies a value (a password, a key) and says whether the browser allowed it. */
export async function copyText(value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    showSnackbar(i18n.t('sites.copy.copied'));
  } catch {
    showSnackbar(i18n.t('sites.copy.failed'), 'warning');
  }
}
