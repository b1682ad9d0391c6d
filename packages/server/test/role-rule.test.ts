import { describe, expect, it } from 'vitest';
import { Role } from '@uap/domain';
import { roleFromHoldings } from '../src/modules/approval-paths/role-rule.ts';

const none = { holdsMaster: false, holdsApprover: false, holdsProvisioner: false };

describe('the role rule (spec 3, UAP User Role Validation)', () => {
  it('gives the role of the rows that name a person, and Standard with none', () => {
    expect(roleFromHoldings(Role.STANDARD, { ...none, holdsApprover: true }).roleId).toBe(Role.APPROVER);
    expect(roleFromHoldings(Role.STANDARD, { ...none, holdsProvisioner: true }).roleId).toBe(
      Role.PROVISIONER,
    );
    // Approving outranks provisioning when both name the person.
    expect(
      roleFromHoldings(Role.PROVISIONER, { ...none, holdsApprover: true, holdsProvisioner: true }).roleId,
    ).toBe(Role.APPROVER);
    expect(roleFromHoldings(Role.APPROVER, none).roleId).toBe(Role.STANDARD);
    expect(roleFromHoldings(Role.PROVISIONER, none).roleId).toBe(Role.STANDARD);
  });

  it('makes a master approver of anyone on a master approver row, showing approver details while assigned', () => {
    expect(roleFromHoldings(Role.STANDARD, { ...none, holdsMaster: true })).toEqual({
      roleId: Role.MASTERAPPROVER,
      showApprover: false,
    });
    expect(roleFromHoldings(Role.APPROVER, { ...none, holdsMaster: true, holdsApprover: true })).toEqual({
      roleId: Role.MASTERAPPROVER,
      showApprover: true,
    });
    // The last master row gone: back to what the assignments give.
    expect(roleFromHoldings(Role.MASTERAPPROVER, { ...none, holdsProvisioner: true }).roleId).toBe(
      Role.PROVISIONER,
    );
  });

  it('never changes an administrator, auditor or super admin', () => {
    for (const roleId of [Role.ADMIN, Role.AUDITOR, Role.SUPERADMIN]) {
      expect(roleFromHoldings(roleId, none)).toEqual({ roleId, showApprover: null });
      expect(
        roleFromHoldings(roleId, { holdsMaster: true, holdsApprover: true, holdsProvisioner: true }),
      ).toEqual({
        roleId,
        showApprover: null,
      });
    }
  });
});
