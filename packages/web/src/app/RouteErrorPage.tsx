import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { messages } from '@uap/domain';
import { useRouteError } from 'react-router';
import { PageHeading } from '../components/PageHeading.tsx';

/** A screen that failed to render or load: say so and offer a reload (a new build may be out). */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  const handleReload = () => {
    window.location.reload();
  };
  return (
    <>
      <PageHeading>{messages.errorTitle}</PageHeading>
      <Typography sx={{ mb: 2 }}>{messages.serverError}</Typography>
      <Button variant="contained" onClick={handleReload}>
        Reload
      </Button>
    </>
  );
}
