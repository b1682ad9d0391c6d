import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { bundleRequestInput, bundleRequestPreviewInput, messages } from '@uap/domain';
import {
  accessBundleKeys,
  useAccessBundleDetailQuery,
  useFittingBundlesQuery,
  type BundlePlace,
} from '../../api/access-bundles.ts';
import { DialogError } from '../../components/DialogError.tsx';
import { CommentAndUrgent } from '../../components/forms/CommentsField.tsx';
import { failureText } from '../../components/forms/failure-text.ts';
import { BundleItemChecks, FittingBundleChoice } from './BundleItems.tsx';
import { SameAccessLines } from './SameAccessLines.tsx';
import type { CompletedUser } from './steps/UserStep.tsx';
import { useCopyRequest } from './use-copy-request.ts';
import { CopyDialogActions } from './CopyDialogActions.tsx';

/**
 * "Request a bundle": the active bundles of the region, market and agency chosen in Step 1; the
 * chosen bundle's accesses are listed ticked (the requestor unticks what the user does not need),
 * Next shows what each becomes for the user (the preview of "Same access as a colleague"), then
 * the wizard's comment and urgency and Submit. A success goes Home with the new request numbers;
 * a refusal stays at the top of the dialog (a bundle deactivated meanwhile: back to the list).
 */
export function BundleDialog({
  user,
  place,
  onClose,
}: {
  user: CompletedUser;
  place: BundlePlace;
  onClose: () => void;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [bundleId, setBundleId] = useState<number | null>(null);
  // What the requestor unticked of the chosen bundle: every other access is ticked.
  const [unticked, setUnticked] = useState<number[]>([]);
  const fitting = useFittingBundlesQuery(place);
  const detail = useAccessBundleDetailQuery(bundleId);
  const bundle = detail.data?.bundleId === bundleId ? detail.data : undefined;
  const ticked = bundle?.items.map((i) => i.itemId).filter((id) => !unticked.includes(id)) ?? [];
  const copy = useCopyRequest({
    kind: 'Bundle',
    user,
    choice: () => ({ BundleId: bundleId ?? 0, ItemIds: ticked }),
    previewSchema: bundleRequestPreviewInput,
    requestSchema: bundleRequestInput,
    onGone: () => {
      // The bundle was deactivated since it was listed: back to the list, fetched again.
      setBundleId(null);
      setUnticked([]);
      void queryClient.invalidateQueries({ queryKey: accessBundleKeys.all });
    },
  });
  const { lines, note, fields, error, setError } = copy;
  useEffect(() => {
    if (detail.error) {
      setError(failureText(detail.error));
    }
  }, [detail.error, setError]);

  const handleChoose = (id: number) => {
    setError(null);
    setUnticked([]);
    setBundleId(id);
  };

  return (
    <Dialog
      open
      onClose={copy.isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="lg"
    >
      <DialogTitle id={titleId}>{messages.bundleChoose}</DialogTitle>
      <DialogContent dividers>
        <DialogError error={error} />
        {lines === null ? (
          <>
            <Typography sx={{ mb: 2 }}>{messages.bundleIntro}</Typography>
            <FittingBundleChoice bundles={fitting.data} value={bundleId} onChange={handleChoose} />
            {bundleId !== null &&
              (bundle ? (
                <BundleItemChecks
                  items={bundle.items}
                  ticked={ticked}
                  onChange={(next) =>
                    setUnticked(bundle.items.map((i) => i.itemId).filter((id) => !next.includes(id)))
                  }
                />
              ) : (
                !detail.error && <CircularProgress size={24} aria-label="Loading" />
              ))}
          </>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>{`${bundle?.name ?? ''} → ${user.email}`}</Typography>
            <SameAccessLines lines={lines} />
            <CommentAndUrgent state={note} fields={fields} name="comments" />
          </>
        )}
      </DialogContent>
      <CopyDialogActions
        copy={copy}
        nextReason={
          bundle ? (ticked.length > 0 ? null : messages.bundleChooseItems) : messages.bundleChooseBundle
        }
        onClose={onClose}
      />
    </Dialog>
  );
}
