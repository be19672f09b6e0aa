import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { inputTestId } from '../../components/test-ids';

/**
 * A git repository URL and a branch, as the Deployments card and Install Source Code ask for them:
 * `errorOf` gives a field's message (the page's own check or the API's), `testIdPrefix` names the
 * inputs (`<prefix>-url`, `<prefix>-branch`).
 */
export function RepositoryFields({
  repository,
  branch,
  onRepository,
  onBranch,
  errorOf,
  testIdPrefix,
}: {
  repository: string;
  branch: string;
  onRepository: (value: string) => void;
  onBranch: (value: string) => void;
  errorOf: (field: 'repository' | 'branch') => string | undefined;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        name="repository"
        size="small"
        label={t('siteDeployments.repository.url')}
        placeholder="git@github.com:user/repository.git"
        value={repository}
        onChange={(event) => onRepository(event.target.value)}
        error={Boolean(errorOf('repository'))}
        helperText={errorOf('repository') ?? t('siteDeployments.repository.urlHelp')}
        slotProps={{ htmlInput: { ...inputTestId(`${testIdPrefix}-url`), spellCheck: false } }}
      />
      <TextField
        name="branch"
        size="small"
        label={t('siteDeployments.repository.branch')}
        value={branch}
        onChange={(event) => onBranch(event.target.value)}
        error={Boolean(errorOf('branch'))}
        helperText={errorOf('branch')}
        slotProps={{ htmlInput: { ...inputTestId(`${testIdPrefix}-branch`), spellCheck: false } }}
      />
    </>
  );
}
