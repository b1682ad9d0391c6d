import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import { limits } from '@uap/domain';
import type { FieldErrors } from '../FieldErrors.tsx';
import { FieldTextField } from './FieldTextField.tsx';

/** The Comments box of a decision or a change: multi-line, up to `limits.comment` characters. */
export function CommentsField<K extends string>(props: {
  value: string;
  onValue: (value: string) => void;
  /** The form's checks (`useFieldErrors`) and the comment's name among them. */
  fields: FieldErrors<K>;
  name: K;
  /** 3 unless given. */
  rows?: number;
  sx?: SxProps<Theme>;
}) {
  return (
    <FieldTextField
      label="Comments"
      value={props.value}
      fields={props.fields}
      name={props.name}
      onValue={props.onValue}
      multiline
      rows={props.rows ?? 3}
      fullWidth
      sx={props.sx}
      slotProps={{ htmlInput: { maxLength: limits.comment } }}
    />
  );
}

/** What a request says besides its lines: the comment and whether it is urgent. */
export interface CommentAndUrgentState {
  comments: string;
  setComments: (value: string) => void;
  isUrgent: boolean;
  setIsUrgent: (value: boolean) => void;
}

/** The state behind `CommentAndUrgent`: an empty comment, not urgent. */
export function useCommentAndUrgent(): CommentAndUrgentState {
  const [comments, setComments] = useState('');
  const [isUrgent, setIsUrgent] = useState(false);
  return { comments, setComments, isUrgent, setIsUrgent };
}

/** Comments (4 rows) and the Urgent Request checkbox of a request: the modify modals, the new request. */
export function CommentAndUrgent<K extends string>(props: {
  state: CommentAndUrgentState;
  /** The form's checks (`useFieldErrors`) and the comment's name among them. */
  fields: FieldErrors<K>;
  name: K;
}) {
  const { state } = props;
  return (
    <>
      <CommentsField
        value={state.comments}
        onValue={state.setComments}
        fields={props.fields}
        name={props.name}
        rows={4}
      />
      <FormControlLabel
        control={<Checkbox checked={state.isUrgent} onChange={(e) => state.setIsUrgent(e.target.checked)} />}
        label="Urgent Request"
      />
    </>
  );
}
