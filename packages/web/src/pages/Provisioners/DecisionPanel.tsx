import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { addStandardCommentInput, limits, messages } from '@uap/domain';
import {
  useAddStandardComment,
  useRemoveStandardComment,
  useStandardComments,
} from '../../api/provisioning.ts';
import { failureText } from '../../components/forms/failure-text.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { useFieldErrors, type FieldErrors } from '../../components/FieldErrors.tsx';

interface Props {
  comments: string;
  onComments: (value: string) => void;
  /** The decision's check of the comment box (a missing comment is shown and focused there). */
  fields: FieldErrors<'comments'>;
}

/**
 * The standard comments of type Provisioning as a selectable list (picking one fills the comment
 * box), adding one with its own field and removing the selected one, and the comment box itself.
 */
export function DecisionPanel({ comments, onComments, fields }: Props) {
  const standard = useStandardComments();
  const add = useAddStandardComment();
  const remove = useRemoveStandardComment();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [newComment, setNewComment] = useState('');
  const [error, setError] = useDialogError();
  const newCommentField = useFieldErrors<'newComment'>();

  const handleAdd = async () => {
    const { ok, unplaced } = newCommentField.showIssues(
      addStandardCommentInput.safeParse({ Comment: newComment }),
      { Comment: 'newComment' },
    );
    setError(unplaced);
    if (!ok) {
      return;
    }
    try {
      await add.mutateAsync(newComment.trim());
      setNewComment('');
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  const handleRemove = async () => {
    if (selectedId === null) {
      setError(messages.selectComment);
      return;
    }
    setError(null);
    try {
      await remove.mutateAsync(selectedId);
      setSelectedId(null);
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" id="standard-comments-label">
        Standard Comments
      </Typography>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 180, overflow: 'auto' }}>
        <List dense aria-labelledby="standard-comments-label">
          {(standard.data ?? []).map((c) => (
            <ListItemButton
              key={c.id}
              selected={c.id === selectedId}
              aria-pressed={c.id === selectedId}
              onClick={() => {
                setSelectedId(c.id);
                fields.clear('comments');
                onComments(c.comment);
              }}
            >
              <ListItemText primary={c.comment} />
            </ListItemButton>
          ))}
        </List>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          label="New standard comment"
          size="small"
          fullWidth
          value={newComment}
          onChange={(e) => {
            newCommentField.clear('newComment');
            setNewComment(e.target.value);
          }}
          slotProps={{ htmlInput: { maxLength: limits.comment } }}
          {...newCommentField.textField('newComment')}
        />
        <Button variant="outlined" onClick={() => void handleAdd()} disabled={add.isPending}>
          Add
        </Button>
        <Button color="error" onClick={() => void handleRemove()} disabled={remove.isPending}>
          Remove
        </Button>
      </Stack>
      <DialogError error={error} />
      <TextField
        label="Comments"
        multiline
        minRows={3}
        fullWidth
        value={comments}
        onChange={(e) => {
          fields.clear('comments');
          onComments(e.target.value);
        }}
        slotProps={{ htmlInput: { maxLength: limits.provisionerComment } }}
        {...fields.textField('comments', `${comments.length}/${limits.provisionerComment}`)}
      />
    </Stack>
  );
}
