import { Role, type RoleId } from '@uap/domain';

/** The demo accounts of the embedded sign-in page (and of tests and scripts). */
export const demoAccounts: readonly { email: string; name: string; roleId: RoleId }[] = [
  { email: 'sam.standard@agency.example', name: 'Sam Standard', roleId: Role.STANDARD },
  { email: 'alex.approver@agency.example', name: 'Alex Approver', roleId: Role.APPROVER },
  { email: 'mia.master@agency.example', name: 'Mia Master', roleId: Role.MASTERAPPROVER },
  { email: 'pat.provisioner@agency.example', name: 'Pat Provisioner', roleId: Role.PROVISIONER },
  { email: 'ada.admin@agency.example', name: 'Ada Admin', roleId: Role.ADMIN },
  { email: 'avery.auditor@agency.example', name: 'Avery Auditor', roleId: Role.AUDITOR },
  { email: 'sue.super@agency.example', name: 'Sue Super', roleId: Role.SUPERADMIN },
];

export const GUEST_DEMO_EMAIL = 'gina.guest@client.example';
