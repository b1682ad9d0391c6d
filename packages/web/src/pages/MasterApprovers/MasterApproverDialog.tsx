import { useState } from 'react';
import Box from '@mui/material/Box';
import { saveMasterApproverInput, type MasterApproverRow } from '@uap/domain';
import { useSaveMasterApprover } from '../../api/master-approvers.ts';
import { useAdminScopePairs } from '../../api/admin-scope.ts';
import {
  CascadingSelects,
  emptyPath,
  type PathValue,
} from '../../components/CascadingSelects/CascadingSelects.tsx';
import { FormDialog, useFormDialog } from '../../components/FormDialog.tsx';
import { PersonField, type Person } from '../../components/UserSearchDialog/PersonField.tsx';
import { useFieldErrors } from '../../components/FieldErrors.tsx';

/**
 * Add New Master Approver, or edit one row (`row`): a user search ('Select User') and the
 * cascading region → market → agency → practice selects (spec 2 §2, §5).
 */
export function MasterApproverDialog(props: {
  row: MasterApproverRow | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { row } = props;
  const scope = useAdminScopePairs();
  const [path, setPath] = useState<PathValue>(
    row
      ? { regionId: row.regionId, marketId: row.marketId, agencyId: row.agencyId, practiceId: row.practiceId }
      : emptyPath,
  );
  const [person, setPerson] = useState<Person | null>(
    row ? { userId: row.userId, label: `${row.masterApproverName} (${row.masterApproverEmail})` } : null,
  );
  const fields = useFieldErrors<keyof PathValue | 'userId'>();
  const save = useSaveMasterApprover();
  const { frame, setError, showFailure } = useFormDialog(save.isPending, props.onClose);
  const title = row ? 'Edit Master Approver' : 'Add New Master Approver';

  const handleSave = () => {
    const input = { ...path, userId: person?.userId ?? null };
    const parsed = saveMasterApproverInput.safeParse(input);
    setError(null);
    if (!parsed.success) {
      // The path's one sentence under each missing level, the user's under the search; the first focused.
      const issue = parsed.error.issues[0];
      const missing = (['regionId', 'marketId', 'agencyId', 'practiceId'] as const).filter((k) => !path[k]);
      const isPath = issue?.path[0] === 'practiceId' && missing.length > 0;
      if (
        !fields.show(
          isPath ? Object.fromEntries(missing.map((k) => [k, issue.message])) : { userId: issue?.message },
        )
      ) {
        setError(issue?.message ?? null);
      }
      return;
    }
    save.mutate(row ? { ...input, masterApproverId: row.masterApproverId } : input, {
      onSuccess: (answer) => {
        props.onDone(answer.message);
      },
      onError: showFailure,
    });
  };

  return (
    <FormDialog {...frame} title={title} maxWidth="md" submitLabel="Save" onSubmit={handleSave}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <CascadingSelects value={path} onChange={setPath} scope={scope} fields={fields} />
        <PersonField
          role="Master approver"
          person={person}
          field={fields.textField('userId')}
          onPick={(picked) => {
            fields.clear('userId');
            setPerson(picked);
          }}
          onError={setError}
        />
      </Box>
    </FormDialog>
  );
}
