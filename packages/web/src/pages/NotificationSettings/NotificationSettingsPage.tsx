import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { messages, type NotificationEvent, type NotificationSetting } from '@uap/domain';
import { useNotificationSettings, useSaveNotificationSettings } from '../../api/notifications.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';

/** The choices being edited, starting from the saved ones. */
function SettingsForm({ saved }: { saved: NotificationSetting[] }) {
  const [settings, setSettings] = useState(saved);
  const save = useSaveNotificationSettings();
  const handleToggle = (event: NotificationEvent, isEmail: boolean) => {
    setSettings((current) => current.map((s) => (s.event === event ? { ...s, isEmail } : s)));
  };
  const handleSave = () => {
    save.mutate(settings, { onSuccess: () => notifySuccess(messages.notificationSettingsSaved) });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
      <Typography sx={{ mb: 1 }}>
        Notifications always appear under the bell at the top of the page. Choose which of them also come to
        you by email:
      </Typography>
      <FormGroup aria-label="Email me when">
        {settings.map((s) => (
          <FormControlLabel
            key={s.event}
            control={
              <Checkbox checked={s.isEmail} onChange={(_e, checked) => handleToggle(s.event, checked)} />
            }
            label={messages.notificationEventNames[s.event] ?? s.event}
          />
        ))}
      </FormGroup>
      <Button variant="contained" sx={{ mt: 2 }} onClick={handleSave} disabled={save.isPending}>
        Save
      </Button>
    </Paper>
  );
}

/** Notification settings (/NotificationSettings): per event, email on or off; in-app always. */
export function NotificationSettingsPage() {
  const settings = useNotificationSettings();
  if (!settings.data) {
    return <PageSpinner />;
  }
  return <SettingsForm saved={settings.data} />;
}
