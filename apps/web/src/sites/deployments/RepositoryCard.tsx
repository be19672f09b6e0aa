import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { branchSchema, repositoryUrlSchema, type DeploySettings } from '@hostdeck/contracts';
import { notifySuccess } from '../../api/error-handling';
import { useFieldErrors } from '../../api/form-errors';
import { schemaMessage, type FieldMessage } from '../../api/field-messages';
import { deploySettingsCalls } from './deployment-api';
import { RepositoryFields } from './RepositoryFields';
import { SettingsCard } from './SettingsCard';
import type { DeploySettingsState } from './use-deploy-settings';

/** The git repository (SSH or https URL) and the branch deployments clone. */
export function RepositoryCard({
  siteId,
  settings,
  save,
}: {
  siteId: number;
  settings: DeploySettings;
  save: DeploySettingsState['save'];
}) {
  const { t } = useTranslation();
  const [repository, setRepository] = useState(settings.repository ?? '');
  const [branch, setBranch] = useState(settings.branch ?? 'main');
  const [problems, setProblems] = useState<Record<string, FieldMessage | null>>({});
  const fieldErrors = useFieldErrors();
  // A failure is reported by the query client's mutation cache (handleApiError).
  const saveRepository = useMutation({
    mutationFn: (request: { repository: string; branch: string }) =>
      save(() => deploySettingsCalls.setRepository(siteId, request.repository, request.branch)),
    onSuccess: () => notifySuccess(),
    onError: (error) => fieldErrors.apply(error),
  });
  const saving = saveRepository.isPending;
  const text = (message: FieldMessage | null | undefined) =>
    message ? ('key' in message ? t(message.key) : message.text) : undefined;
  const helper = (field: 'repository' | 'branch') => text(problems[field]) ?? fieldErrors.get(field);

  function submit() {
    const found = {
      repository: schemaMessage(repositoryUrlSchema, repository),
      branch: schemaMessage(branchSchema, branch),
    };
    setProblems(found);
    fieldErrors.clear();
    if (found.repository || found.branch) return;
    saveRepository.mutate({ repository, branch });
  }

  return (
    <SettingsCard
      title={t('siteDeployments.repository.title')}
      description={t('siteDeployments.repository.description')}
      testId="deploy-repository"
    >
      <Stack
        component="form"
        spacing={2}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <RepositoryFields
          repository={repository}
          branch={branch}
          onRepository={setRepository}
          onBranch={setBranch}
          errorOf={helper}
          testIdPrefix="deploy-repository"
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={saving} data-testid="deploy-repository-save">
            {t('siteDeployments.save')}
          </Button>
        </Stack>
      </Stack>
    </SettingsCard>
  );
}
