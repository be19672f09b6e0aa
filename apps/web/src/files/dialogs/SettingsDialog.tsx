import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDialogFrame } from './FileDialogFrame';
import { parseIncludes } from './settings-rules';
import { FILE_DIALOG_FIELD } from './test-ids';
import type { FileDialogContext } from './types';

/** spec/001 §2 Settings (500): hidden/system toggles and the 'Always show files' chips. */
export function SettingsDialog({ context, onClose }: { context: FileDialogContext; onClose: () => void }) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState(context.settings);
  const [typing, setTyping] = useState('');

  function save() {
    // A name typed but not yet turned into a chip is kept too.
    const includes = [...new Set([...settings.includes, ...parseIncludes(typing)])];
    context.onSettingsChange({ ...settings, includes });
    onClose();
  }

  return (
    <FileDialogFrame
      name="settings"
      title={t('fileDialogs.settings.title')}
      submitLabel={t('fileDialogs.common.save')}
      onSubmit={save}
      onClose={onClose}
    >
      <Stack spacing={1}>
        <FormControlLabel
          control={
            <Switch
              checked={settings.showHiddenFiles}
              onChange={(event) => setSettings({ ...settings, showHiddenFiles: event.target.checked })}
              slotProps={{ input: { 'data-testid': FILE_DIALOG_FIELD.showHidden } }}
            />
          }
          label={t('fileDialogs.settings.showHiddenFiles')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={settings.showSystemFiles}
              onChange={(event) => setSettings({ ...settings, showSystemFiles: event.target.checked })}
              slotProps={{ input: { 'data-testid': FILE_DIALOG_FIELD.showSystem } }}
            />
          }
          label={t('fileDialogs.settings.showSystemFiles')}
        />
        <Autocomplete
          multiple
          freeSolo
          options={[] as string[]}
          value={settings.includes}
          inputValue={typing}
          onInputChange={(_event, value) => {
            // A comma turns what was typed into chips.
            if (value.includes(',')) {
              setSettings({
                ...settings,
                includes: [...new Set([...settings.includes, ...parseIncludes(value)])],
              });
              setTyping('');
            } else setTyping(value);
          }}
          onChange={(_event, value) => setSettings({ ...settings, includes: parseIncludes(value.join(',')) })}
          renderValue={(values, getItemProps) =>
            values.map((option, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={option} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('fileDialogs.settings.includes')}
              helperText={t('fileDialogs.settings.includesHelp')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': FILE_DIALOG_FIELD.includes },
              }}
            />
          )}
        />
      </Stack>
    </FileDialogFrame>
  );
}
