import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@uap/domain';
import { Controller, useForm } from 'react-hook-form';
import { useConfig } from '../../app/config-context.ts';
import { useCurrentUser } from '../../session/current-user.ts';

interface ContactForm {
  text: string;
}

/** The mailto: address that opens the user's mail client with the message filled in. */
export function contactMailto(contactEmail: string, fullName: string, text: string): string {
  const subject = encodeURIComponent(messages.contactSubject(fullName));
  return `mailto:${contactEmail}?subject=${subject}&body=${encodeURIComponent(text)}`;
}

/** Contact Us: a required message sent through the user's own mail client. */
export function ContactPage() {
  const config = useConfig();
  const { user } = useCurrentUser();
  const { control, handleSubmit } = useForm<ContactForm>({ defaultValues: { text: '' } });

  const handleSend = handleSubmit(({ text }) => {
    window.location.href = contactMailto(config.contactEmail, user.fullName, text);
  });

  return (
    <Box component="form" noValidate onSubmit={handleSend} sx={{ maxWidth: 640 }}>
      <Typography sx={{ mb: 2 }}>
        Questions about a request, a platform or your role? Write to the UAP team below; your email app opens
        with the message ready to send to {config.contactEmail}.
      </Typography>
      <Controller
        name="text"
        control={control}
        rules={{ validate: (value) => value.trim() !== '' || messages.contactTextRequired }}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Message"
            required
            multiline
            minRows={6}
            fullWidth
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message}
          />
        )}
      />
      <Button type="submit" variant="contained" sx={{ mt: 2 }}>
        Submit
      </Button>
    </Box>
  );
}
