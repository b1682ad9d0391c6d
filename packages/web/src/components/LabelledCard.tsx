import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';

/** An outlined card, a section or one article of a list, named by the heading inside it (`headingId`). */
export function LabelledCard(props: {
  component: 'section' | 'article';
  headingId: string;
  /** Space below it (theme spacing units); none unless given. */
  mb?: number;
  children: ReactNode;
}) {
  return (
    <Paper
      component={props.component}
      aria-labelledby={props.headingId}
      variant="outlined"
      sx={{ p: 2, mb: props.mb }}
    >
      {props.children}
    </Paper>
  );
}
