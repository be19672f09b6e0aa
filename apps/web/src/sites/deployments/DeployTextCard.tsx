import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeploySettings } from '@hostdeck/contracts';
import { notifySuccess } from '../../api/error-handling';
import { fieldErrorsOf } from '../../api/form-errors';
import { LazyCodeEditor, type EditorMode } from '../../components/code-editor/LazyCodeEditor';
import { SettingsCard } from './SettingsCard';
import type { DeploySettingsState } from './use-deploy-settings';

/**
 * A text the deployment uses, edited in a code editor and saved with a button: the deploy script
 * (run in the new release before it goes live) or the `.env` file (linked into every release).
 */
export function DeployTextCard({
  kind,
  value,
  save,
  onSave,
}: {
  kind: 'script' | 'environment';
  value: string;
  save: DeploySettingsState['save'];
  onSave: (text: string) => Promise<DeploySettings>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  // A newer value from the panel (another tab) replaces the text only while it is unedited.
  const [saved, setSaved] = useState(value);
  if (saved !== value) {
    if (text === saved) setText(value);
    setSaved(value);
  }
  const mode: EditorMode = kind === 'script' ? 'shell' : 'env';
  const prefix = kind === 'script' ? 'siteDeployments.script' : 'siteDeployments.environment';

  // A failure is reported by the query client's mutation cache (handleApiError).
  const saveText = useMutation({
    mutationFn: (next: string) => save(() => onSave(next)),
    onSuccess: () => notifySuccess(),
    onError: (error) => setProblem(Object.values(fieldErrorsOf(error))[0] ?? null),
  });
  const saving = saveText.isPending;

  function submit() {
    if (saving || text === value) return;
    setProblem(null);
    saveText.mutate(text);
  }

  return (
    <SettingsCard
      title={t(`${prefix}.title` as const)}
      description={t(`${prefix}.description` as const)}
      testId={`deploy-${kind}`}
    >
      <LazyCodeEditor
        value={text}
        mode={mode}
        onChange={setText}
        onSave={submit}
        height={320}
        ariaLabel={t(`${prefix}.title` as const)}
        testId={`deploy-${kind}-editor`}
        placeholder={kind === 'environment' ? 'APP_ENV=production' : undefined}
      />
      {problem && <Alert severity="error">{problem}</Alert>}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          loading={saving}
          disabled={text === value}
          onClick={submit}
          data-testid={`deploy-${kind}-save`}
        >
          {t('siteDeployments.save')}
        </Button>
      </Stack>
    </SettingsCard>
  );
}
