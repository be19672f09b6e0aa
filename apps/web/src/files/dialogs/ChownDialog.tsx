import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDialogFrame } from './FileDialogFrame';
import { chownUsers, initialOwnership } from './owner-rules';
import { FILE_DIALOG_FIELD } from './test-ids';
import type { FileDialogContext } from './types';
import { useDialogAction } from './use-dialog-action';

/** spec/001 §2 Chown: owner and group from the users list; 'same' keeps them equal. */
export function ChownDialog({ context, onClose }: { context: FileDialogContext; onClose: () => void }) {
  const { t } = useTranslation();
  const users = chownUsers(context.serverUsers);
  const fallback = context.serverUsers.defaultLinuxUser ?? 'root';
  const [value, setValue] = useState(() => initialOwnership(context.selection[0]?.owner, fallback));
  const [same, setSame] = useState(value.owner === value.group);
  const { busy, fieldErrors, run } = useDialogAction();
  // The current owner may be a user outside the list (a site's user): still offered.
  const options = [...new Set([...users, value.owner, value.group])];

  function submit() {
    const paths = context.selection.map((item) => item.path);
    void run(
      () => context.client.chown(paths, value.owner, same ? value.owner : value.group),
      () => {
        context.refresh();
        onClose();
      },
    );
  }

  const select = (field: 'owner' | 'group', testId: string) => (
    <TextField
      select
      fullWidth
      size="small"
      name={field}
      label={t(`fileDialogs.chown.${field}`)}
      value={value[field]}
      error={fieldErrors.has(field)}
      helperText={fieldErrors.get(field)}
      onChange={(event) => {
        const name = event.target.value;
        setValue(same ? { owner: name, group: name } : { ...value, [field]: name });
      }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {options.map((name) => (
        <MenuItem key={name} value={name}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <FileDialogFrame
      name="chown"
      title={t('fileDialogs.chown.title')}
      submitLabel={t('fileDialogs.chown.submit')}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        {select('owner', FILE_DIALOG_FIELD.owner)}
        {select('group', FILE_DIALOG_FIELD.group)}
        <FormControlLabel
          control={
            <Checkbox
              checked={same}
              onChange={(event) => {
                setSame(event.target.checked);
                if (event.target.checked) setValue({ owner: value.owner, group: value.owner });
              }}
              slotProps={{ input: { ...{ 'data-testid': FILE_DIALOG_FIELD.same } } }}
            />
          }
          label={t('fileDialogs.chown.same')}
        />
      </Stack>
    </FileDialogFrame>
  );
}
