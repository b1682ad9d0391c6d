import Box from '@mui/material/Box';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { isAdministratorUserType } from '@uap/domain';

/**
 * A platform user type; an administrator-level one is highlighted by the theme's error colour
 * AND a shield icon with a text alternative, so it does not rest on colour alone (spec 2 §2).
 */
export function PlatformUserType({ name, basicName }: { name: string; basicName: string }) {
  if (!isAdministratorUserType(basicName)) {
    return <>{name}</>;
  }
  return (
    <Box component="span" sx={{ color: 'error.dark', fontWeight: 600, display: 'inline-flex', gap: 0.5 }}>
      <AdminPanelSettingsIcon fontSize="small" titleAccess="Administrator level" />
      {name}
    </Box>
  );
}
