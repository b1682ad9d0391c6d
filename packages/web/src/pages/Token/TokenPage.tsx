import { useState } from 'react';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { messages } from '@uap/domain';
import { reportError } from '../../api/error-store.ts';
import { useSession } from '../../session/session.tsx';

/** Token (admin debug page): the current access token, read-only, with a Copy button. */
export function TokenPage() {
  const token = useSession().accessToken ?? '';
  const [isCopied, setIsCopied] = useState(false);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setIsCopied(true);
    } catch (error) {
      reportError(error);
    }
  };
  const handleSnackbarClose = () => {
    setIsCopied(false);
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <TextField
        label="Access token"
        value={token}
        multiline
        minRows={6}
        maxRows={16}
        fullWidth
        slotProps={{
          htmlInput: {
            readOnly: true,
            spellCheck: false,
            sx: { fontFamily: 'monospace', wordBreak: 'break-all' },
          },
        }}
      />
      <div>
        <Button variant="contained" onClick={handleCopy} disabled={token === ''}>
          Copy
        </Button>
      </div>
      <Snackbar
        open={isCopied}
        autoHideDuration={3000}
        onClose={handleSnackbarClose}
        message={messages.tokenCopied}
      />
    </Stack>
  );
}
