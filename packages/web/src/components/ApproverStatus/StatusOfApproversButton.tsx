import { useState } from 'react';
import Button from '@mui/material/Button';
import { StatusOfApproversDialog } from './StatusOfApproversDialog.tsx';

/** The assignments toolbar button that opens Status of Approvers and Provisioners. */
export function StatusOfApproversButton() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setIsOpen(true)}>
        Status of Approvers and Provisioners
      </Button>
      {isOpen && <StatusOfApproversDialog onClose={() => setIsOpen(false)} />}
    </>
  );
}
